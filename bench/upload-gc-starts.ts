// Why V8 starts each full collection during one upload: runs bench/upload-child.ts's arms under
// gdb (x86-64 Linux, the pinned Node's own symbols) with a breakpoint where V8 starts marking
// (`Heap::StartIncrementalMarking`) and one where it schedules the task that may start it
// (`IncrementalMarkingJob::ScheduleTask`). Counts, not seconds: gdb slows the child.
//
//   npx tsx bench/upload-gc-starts.ts [--size-mib 256] [--rounds 1] [--verbose]
//                                     web-stream raw-web-stream node-stream ...
//
// Prints one JSON line per run: the marking starts by V8's reason (task, allocation limit,
// external memory pressure), at each start the old generation's bytes, the ArrayBuffer bytes
// allocated since the last mark-compact (V8 13.6 adds these to the old generation's bytes when
// it weighs them against its limit) and what was left under the limit (medians, MiB), and who
// scheduled the marking task (the main thread, or a background JIT compile allocating code).
// The getters run with the other threads held (gdb's scheduler-locking), so that a background
// thread's breakpoint cannot interrupt them.
// `--verbose` prints every start.
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
    'size-mib': { type: 'string', default: '256' },
    rounds: { type: 'string', default: '1' },
    verbose: { type: 'boolean', default: false },
  },
});
const sizeMiB = Number(values['size-mib']);
const modes = positionals.length > 0 ? positionals : ['web-stream', 'raw-web-stream'];
const run = promisify(execFile);

/** V8's GarbageCollectionReason numbers (V8 13.6) of the ways marking starts here. */
const REASONS: Record<string, string> = {
  '2': 'allocation limit',
  '7': 'external memory pressure',
  '12': 'task',
  '17': 'memory reducer',
  '23': 'global allocation limit',
};

/** A `size_t` V8 getter called on the Heap (`this` in rdi at the breakpoint), by its symbol. */
const getter = (symbol: string) => `((unsigned long(*)(void*))'v8::internal::Heap::${symbol}')($h)`;

const GDB_SCRIPT = `set pagination off
set print thread-events off
set confirm off
handle SIGUSR1 SIGUSR2 SIGPIPE nostop noprint
break v8::internal::Heap::StartIncrementalMarking
commands
silent
set $h = $rdi
set scheduler-locking on
printf "START %d %lu %lu %lu\\n", $rdx, ${getter('OldGenerationConsumedBytes() const')}, ${getter('AllocatedExternalMemorySinceMarkCompact() const')}, ${getter('OldGenerationSpaceAvailable()')}
set scheduler-locking off
bt 3
continue
end
break v8::internal::IncrementalMarkingJob::ScheduleTask
commands
silent
printf "SCHEDULE\\n"
bt 12
continue
end
run
`;

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

const inMiB = (bytes: string | undefined) => Number((Number(bytes) / MiB).toFixed(1));

const median = (numbers: number[]) =>
  numbers.length === 0
    ? undefined
    : Number([...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!.toFixed(1));

/** Splits gdb's output into breakpoint hits: each from its START/SCHEDULE line to the next. */
function summarize(mode: string, round: number, output: string) {
  const hits = output.split(/^(?=START |SCHEDULE$)/m).slice(1);
  const starts = hits
    .filter((hit) => hit.startsWith('START '))
    .map((hit) => {
      const [reason, old, external, available] = hit.split('\n')[0]!.split(' ').slice(1);
      const caller = /#1 .* in (?:v8::internal::)?([\w:]+)/.exec(hit)?.[1] ?? '?';
      return {
        reason: REASONS[reason!] ?? `reason ${reason}`,
        oldMiB: inMiB(old),
        externalSinceMarkCompactMiB: inMiB(external),
        availableMiB: inMiB(available),
        caller,
      };
    });
  // A task scheduled by marking already running (its start, or the task going on) asks nothing.
  const schedules = hits.filter(
    (hit) =>
      hit.startsWith('SCHEDULE') &&
      !/#1 .* in v8::internal::IncrementalMarking(Job::Task::RunInternal|::)/.test(hit),
  );
  const byCompile = schedules.filter((hit) => /Maglev|Baseline|Turbofan|Compil/.test(hit)).length;
  const byReason: Record<string, number> = {};
  for (const start of starts) byReason[start.reason] = (byReason[start.reason] ?? 0) + 1;
  if (values.verbose) for (const start of starts) console.log(JSON.stringify({ mode, ...start }));
  // The first start is the upload's first 64 MiB of ArrayBuffers (V8's external limit): not the
  // steady state, so the medians leave it out.
  const steady = starts.slice(1);
  return {
    mode,
    round,
    markCompacts: (output.match(/: Mark-Compact /g) ?? []).length,
    starts: byReason,
    oldMiB: median(steady.map((start) => start.oldMiB)),
    externalSinceMarkCompactMiB: median(steady.map((start) => start.externalSinceMarkCompactMiB)),
    availableMiB: median(steady.map((start) => start.availableMiB)),
    limitCheckTasks: { byJitCompile: byCompile, other: schedules.length - byCompile },
  };
}

const dir = await mkdtemp(join(tmpdir(), 'seatpay-upload-gc-starts-'));
try {
  const child = await bundleForNode(dir, 'upload-child');
  const sinkScript = await bundleForNode(dir, 'upload-sink');
  await stopEsbuild(); // its service process would otherwise compete for the CPU
  const file = await makeFile(dir);
  const gdbScript = join(dir, 'starts.gdb');
  await writeFile(gdbScript, GDB_SCRIPT);
  const md5 = createHash('md5')
    .update(await readFile(file))
    .digest('hex');
  const sink = await startHelperProcess(sinkScript, [
    String(10 * MiB),
    '0',
    JSON.stringify({ [String(sizeMiB * MiB)]: md5 }),
  ]);
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const mode of modes) {
        const args = ['-q', '-batch', '-x', gdbScript, '--args', process.execPath, '--trace-gc'];
        args.push(child, mode, sink.url, file, '4');
        const { stdout } = await run('gdb', args, { maxBuffer: 512 * MiB });
        console.log(JSON.stringify(summarize(mode, round, stdout)));
      }
    }
  } finally {
    sink.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
