// How to read a web byte stream cheaply: reading alone (no upload), 256 MiB copied piece by piece
// into one reused 10 MiB buffer (as a chunk is filled), each read in a fresh Node process.
//
//   npx tsx bench/byte-stream-reads.ts [--rounds 3] [--mib 256]
//
// Sources: `blob` (Node's Blob.stream() of an in-memory Blob), `response` (`new Response(blob)
// .body`, a fetch body's class), `byob-filling` (a byte stream that fills a BYOB reader's buffer
// where it is given one and enqueues a fresh 1 MiB piece otherwise). Readers: `default` (a
// default reader, each piece left to the collector: what uploads did before), `freed` (a default
// reader, each piece freed by `transfer(0)` once copied: the upload's path for the runtime's own
// byte streams), `byob` (a BYOB reader into one 1 MiB buffer handed back by each read: the
// upload's path for other byte streams). Prints CPU s/GiB (median) and peak RSS over baseline
// (worst) per pair: the evidence for which reader the upload takes (BENCHMARKS.md, issue 40, BYOB).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { bundleForNode } from './support.js';

const MiB = 1024 * 1024;
const SOURCES = ['blob', 'response', 'byob-filling'] as const;
const READERS = ['default', 'freed', 'byob'] as const;
type Source = (typeof SOURCES)[number];
type Reader = (typeof READERS)[number];
interface Measure {
  cpuMs: number;
  ms: number;
  rssMiB: number;
}

if (process.argv[2] === 'child') {
  const [, , , source, reader, mib] = process.argv as [
    string,
    string,
    string,
    Source,
    Reader,
    string,
  ];
  console.log(JSON.stringify(await readOnce(source, reader, Number(mib) * MiB)));
} else {
  await main();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '3' }, mib: { type: 'string', default: '256' } },
  });
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  const loadBefore = load();
  const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-'));
  const run = promisify(execFile);
  const results = new Map<string, Measure[]>();
  try {
    const script = await bundleForNode(dir, 'byte-stream-reads');
    await stopEsbuild();
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const source of SOURCES) {
        for (const reader of READERS) {
          const args = ['--expose-gc', script, 'child', source, reader, values.mib];
          const { stdout } = await run(process.execPath, args);
          const key = `${source} / ${reader}`;
          results.set(key, [...(results.get(key) ?? []), JSON.parse(stdout) as Measure]);
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const gib = Number(values.mib) / 1024;
  console.log(
    `\nNode ${process.version}, ${values.rounds} rounds of ${values.mib} MiB; load average ` +
      `${loadBefore} before, ${load()} after.\n`,
  );
  console.log(
    '| source / reader | CPU s/GiB (median) | wall ms (median) | peak RSS Δ MiB (worst) |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const [key, ms] of results) {
    const cpu = median(ms.map((m) => m.cpuMs / 1000 / gib)).toFixed(2);
    const wall = median(ms.map((m) => m.ms)).toFixed(0);
    const rss = Math.max(...ms.map((m) => m.rssMiB)).toFixed(0);
    console.log(`| ${key} | ${cpu} | ${wall} | ${rss} |`);
  }
}

function streamOf(source: Source, size: number): ReadableStream<Uint8Array> {
  const block = new Uint8Array(16 * MiB);
  for (let i = 0; i < block.byteLength; i++) block[i] = (i * 7919) % 251;
  const blob = () =>
    new Blob(Array.from({ length: Math.ceil(size / block.byteLength) }, () => block));
  if (source === 'blob') return blob().stream();
  if (source === 'response') return new Response(blob()).body!;
  let at = 0;
  return new ReadableStream({
    type: 'bytes',
    pull(controller) {
      const request = controller.byobRequest;
      if (at >= size) {
        controller.close();
        request?.respond(0);
        return;
      }
      const take = Math.min(MiB, size - at, request?.view?.byteLength ?? MiB);
      const from = block.subarray(at % block.byteLength, (at % block.byteLength) + take);
      at += take;
      if (request?.view) {
        new Uint8Array(request.view.buffer, request.view.byteOffset, take).set(from);
        request.respond(take);
      } else controller.enqueue(from.slice());
    },
  });
}

async function readOnce(source: Source, reader: Reader, size: number): Promise<Measure> {
  const stream = streamOf(source, size);
  const chunk = new Uint8Array(10 * MiB);
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let total = 0;
  const copy = (piece: Uint8Array) => {
    for (let at = 0; at < piece.byteLength;) {
      const into = total % chunk.byteLength;
      const take = Math.min(piece.byteLength - at, chunk.byteLength - into);
      chunk.set(piece.subarray(at, at + take), into);
      at += take;
      total += take;
    }
  };
  if (reader === 'byob') {
    const byob = stream.getReader({ mode: 'byob' });
    let scratch = new ArrayBuffer(MiB);
    for (;;) {
      const { value, done } = await byob.read(new Uint8Array(scratch));
      if (done) break;
      copy(value);
      scratch = value.buffer as ArrayBuffer;
    }
  } else {
    const plain = stream.getReader();
    for (;;) {
      const { value, done } = await plain.read();
      if (done) break;
      copy(value);
      if (reader === 'freed')
        (value.buffer as ArrayBuffer & { transfer(n: number): void }).transfer(0);
    }
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  if (total !== size) throw new Error(`read ${total} bytes of ${size}`);
  return { cpuMs: (cpu.user + cpu.system) / 1000, ms, rssMiB: (peak - baseline) / MiB };
}
