// How often V8 collects garbage during one upload: runs bench/upload-child.ts's arms (each in a
// fresh Node process, with V8 flags of your choice) against the loopback sink and counts the
// collections the child's `--trace-gc` prints. Counts, not seconds: they barely move with the load.
//
//   npx tsx bench/upload-gc.ts [--size-mib 512] [--rounds 1] [--flags="--trace-gc ..."]
//                              [--alt-flags="--trace-gc ..."] [--dump <dir>]
//                              web-stream raw-web-stream node-stream ...
//
// Prints one JSON line per run: full collections (Mark-Compact) and scavenges, the whole process's
// CPU s/GiB and its peak RSS over baseline (MiB), as bench/upload.ts measures them; then MiB/s,
// the main thread's collection pauses summed (`pauseMs`, from --trace-gc), the share of the time
// the event loop ran (`loopBusy`), the web stream's file reads (`pullReadMs`: time in its reads,
// `pullIdleMs`: time it sat full, waiting for its reader) and CPU s/GiB by thread (`byThread`:
// `MainThread`, `V8Worker` (concurrent marking, sweeping, compiles), `libuv-worker` (file reads)).
// BENCH_PEAK=1 adds `atPeak`: at the RSS's peak, heap, array buffers and V8's spaces (MiB), and
// `maxArrayBuffers`, the most array-buffer memory held at once (live chunks and dead pieces). `--flags` goes
// to every child (default `--trace-gc`; add `--heap-growing-percent=300` to pin V8's heap growing
// factor, `--trace-gc-verbose --trace-incremental-marking` for why each collection started);
// `--alt-flags` runs every arm a second time with other flags (`alt: true`), interleaved with the
// first, for a side-by-side of two V8 settings in one run. `--dump` keeps each child's whole
// output. Arms are run interleaved, round after round.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { bundleForNode, startHelperProcess } from './support.js';

const MiB = 1024 * 1024;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'size-mib': { type: 'string', default: '512' },
    rounds: { type: 'string', default: '1' },
    flags: { type: 'string', default: '--trace-gc' },
    'alt-flags': { type: 'string' },
    dump: { type: 'string' },
  },
});
const sizeMiB = Number(values['size-mib']);
const modes = positionals.length > 0 ? positionals : ['web-stream', 'raw-web-stream'];
const run = promisify(execFile);

/** A file of one random 64 KiB block repeated: real bytes on disk, written quickly. */
async function makeFile(dir: string): Promise<string> {
  const path = join(dir, `upload-${sizeMiB}MiB.bin`);
  const handle = await open(path, 'w');
  const block = new Uint8Array(16 * MiB);
  crypto.getRandomValues(block.subarray(0, 65536));
  for (let at = 65536; at < block.byteLength; at += 65536) block.copyWithin(at, 0, 65536);
  for (let written = 0; written < sizeMiB; written += 16) await handle.write(block);
  await handle.close();
  return path;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** A `--trace-gc` line's pause in ms (`..., 3.4 / 0.0 ms  (average mu = ...`), else 0. */
function pauseOf(line: string): number {
  const found = /MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ ([\d.]+) ms/.exec(line);
  return found ? Number(found[1]) + Number(found[2]) : 0;
}

const dir = await mkdtemp(join(tmpdir(), 'seatpay-upload-gc-'));
try {
  const child = await bundleForNode(dir, 'upload-child');
  const sinkScript = await bundleForNode(dir, 'upload-sink');
  await stopEsbuild(); // its service process would otherwise compete for the CPU
  const file = await makeFile(dir);
  const md5 = createHash('md5')
    .update(await readFile(file))
    .digest('hex');
  const sink = await startHelperProcess(sinkScript, [
    String(10 * MiB),
    '0',
    JSON.stringify({ [String(sizeMiB * MiB)]: md5 }),
  ]);
  const flagSets = [values.flags, values['alt-flags']].filter((flags) => flags !== undefined);
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const mode of modes) {
        for (const [set, flags] of flagSets.entries()) {
          const args = [
            ...flags.split(' ').filter(Boolean),
            '--expose-gc',
            child,
            mode,
            sink.url,
            file,
            '4',
          ];
          const { stdout } = await run(process.execPath, args, { maxBuffer: 512 * MiB });
          const lines = stdout.trim().split('\n');
          // A collection may be traced after the child's result line (at its exit).
          const measure = JSON.parse(lines.findLast((line) => line.startsWith('{'))!) as {
            ms: number;
            cpuMs: number;
            threadCpuMs: number;
            byThread?: Record<string, number>;
            loopBusy?: number;
            atPeak?: Record<string, number>;
            pulls?: { count: number; readMs: number; idleMs: number };
            bytes: number;
            baselineRss: number;
            peakRss: number;
          };
          const count = (kind: string) => lines.filter((line) => line.includes(kind)).length;
          const gib = measure.bytes / 1024 ** 3;
          console.log(
            JSON.stringify({
              mode,
              ...(set > 0 ? { alt: true } : {}),
              round,
              markCompacts: count(': Mark-Compact '),
              scavenges: count(': Scavenge '),
              cpuSPerGiB: Number((measure.cpuMs / 1000 / gib).toFixed(2)),
              rssMiB: Math.round((measure.peakRss - measure.baselineRss) / MiB),
              mibps: Math.round(measure.bytes / MiB / (measure.ms / 1000)),
              // The main thread's pauses: --trace-gc's `<pause> / <external> ms` per collection.
              pauseMs: Math.round(sum(lines.map(pauseOf))),
              wallMs: Math.round(measure.ms),
              threadSPerGiB: Number((measure.threadCpuMs / 1000 / gib).toFixed(2)),
              loopBusy: Number(measure.loopBusy?.toFixed(2)),
              ...(measure.pulls
                ? {
                    pullReadMs: Math.round(measure.pulls.readMs),
                    pullIdleMs: Math.round(measure.pulls.idleMs),
                  }
                : {}),
              atPeak: measure.atPeak,
              // CPU s/GiB by thread name (the main thread, V8's workers, libuv's file reads).
              byThread: Object.fromEntries(
                Object.entries(measure.byThread ?? {})
                  .filter(([, ms]) => ms > 0)
                  .map(([name, ms]) => [name, Number((ms / 1000 / gib).toFixed(2))]),
              ),
            }),
          );
          if (values.dump) {
            await writeFile(join(values.dump, `${mode}-${set}-${round}.txt`), stdout);
          }
        }
      }
    }
  } finally {
    sink.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
