// What an upload from a default web stream costs an app that holds much in V8's young generation
// (a server's in-flight requests, a cache being filled), with the stream's pieces left to V8 or
// handed over to the upload (`transferPieces: true`, freed once copied). review20b's bench for
// stream20's forced young collections (taken out: up to 23 ms a scavenge in such an app), brought
// back by stream21 with the arms that can ship: an upload must not make the app pay for its memory.
//
// Each arm is a process of its own: an "app" keeping `live` MiB of small objects young (a ring
// whose entries are replaced a slice per event-loop turn) while it uploads a default web stream of
// fresh 1 MiB pieces to bench/upload-sink.ts. `left`: `{ stream, size }` (pieces wait for V8);
// `handed`: `{ stream, size, transferPieces: true }`. Reported: young and full collections
// (count, pause ms) from `PerformanceObserver`, the old space's growth, the peak RSS over the
// baseline taken before the upload (sampled every 5 ms), the upload's ms.
//
//   npx tsx bench/upload-app-young.ts [--live 0,8,24] [--size 256] [--rounds 2] [--semi 32]
import { spawn, execFile } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';

const MiB = 1024 * 1024;
const here = new URL('.', import.meta.url).pathname;

if (process.argv[2] === 'child')
  await child(...(process.argv.slice(3) as [string, string, string, string]));
else await parent();

async function parent() {
  const option = (name: string, fallback: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1]! : fallback;
  };
  const lives = option('live', '0,8,24').split(',');
  const size = option('size', '256');
  const rounds = Number(option('rounds', '2'));
  const semi = option('semi', '32');
  const sink = spawn(
    process.execPath,
    ['--import', 'tsx', `${here}upload-sink.ts`, String(10 * MiB), '0'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(sink.stdout, 'data')) as [Buffer];
  const url = line.toString().trim();
  console.log(
    `Node ${process.version}, ${size} MiB default web stream, 10 MiB chunks (the operation type's), concurrency 4, --max-semi-space-size=${semi}`,
  );
  console.log('arm        live  young n  young ms  full n  full ms  old +MiB  RSS +MiB  upload ms');
  for (let round = 0; round < rounds; round++) {
    for (const live of lives) {
      for (const arm of ['left', 'handed'] as const) {
        const flags = [`--max-semi-space-size=${semi}`];
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            ...flags,
            '--import',
            'tsx',
            `${here}upload-app-young.ts`,
            'child',
            url,
            live,
            size,
            arm,
          ],
          { maxBuffer: MiB },
        );
        const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, number>;
        console.log(
          [
            arm.padEnd(10),
            live.padStart(4),
            String(r.youngN).padStart(8),
            r.youngMs!.toFixed(0).padStart(9),
            String(r.fullN).padStart(7),
            r.fullMs!.toFixed(0).padStart(8),
            r.oldMiB!.toFixed(1).padStart(9),
            r.rssMiB!.toFixed(0).padStart(9),
            r.uploadMs!.toFixed(0).padStart(10),
          ].join(' '),
        );
      }
    }
  }
  sink.stdin.end();
}

async function child(url: string, liveMiB: string, sizeMiB: string, arm: string) {
  const { createClient } = await import('../src/index.js');
  // The app's young set: ~100-byte objects, a slice replaced each turn (each lives some turns).
  const ring: unknown[] = new Array(Math.ceil((Number(liveMiB) * MiB) / 100)).fill(null);
  let at = 0;
  let churning = true;
  const churn = () => {
    for (let n = 0; n < 2000 && ring.length > 0; n++) {
      ring[at] = { id: at, name: `request ${at}`, tags: [at] };
      at = (at + 1) % ring.length;
    }
    if (churning) setImmediate(churn);
  };
  // Fill it first (young, as a burst of requests would leave it), then start.
  for (let n = 0; n < ring.length; n++) ring[n] = { id: n, name: `request ${n}`, tags: [n] };
  const pauses = { youngN: 0, youngMs: 0, fullN: 0, fullMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail: { kind: number } }).detail.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR)
        [pauses.youngN, pauses.youngMs] = [pauses.youngN + 1, pauses.youngMs + entry.duration];
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        [pauses.fullN, pauses.fullMs] = [pauses.fullN + 1, pauses.fullMs + entry.duration];
    }
  });
  const oldUsed = () =>
    v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
  const client = createClient({ baseUrl: url, token: 'bench-token', logLevel: 'off' });
  const size = Number(sizeMiB) * MiB;
  let made = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (made === size) return controller.close();
      controller.enqueue(new Uint8Array(MiB).fill(made / MiB));
      made += MiB;
    },
  });
  const oldBefore = oldUsed();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 5);
  observer.observe({ entryTypes: ['gc'] });
  setImmediate(churn);
  const started = performance.now();
  await client.media.upload(
    { stream, size, transferPieces: arm === 'handed' },
    { operation_type: 'bench', filename: 'bench.bin', concurrency: 4 },
  );
  const uploadMs = performance.now() - started;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  churning = false;
  await new Promise((resolve) => setTimeout(resolve, 50)); // the observer's last entries
  observer.disconnect();
  console.log(
    JSON.stringify({
      ...pauses,
      oldMiB: (oldUsed() - oldBefore) / MiB,
      rssMiB: (rssPeak - rssBefore) / MiB,
      uploadMs,
      kept: ring.length,
    }),
  );
}
