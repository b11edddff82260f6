// seatpay's own work per call on top of bare ky, counted in instructions: bench/per-call-inproc.ts
// (in-memory fetch, the same subjects, interleaved rounds) run under `valgrind --tool=callgrind`,
// which counts the instructions the process executes whatever else loads the machine. CPU time
// moved by ±10 % from run to run at a load of 5 to 10, and the goal it judges (own CPU <= 1.05x
// bare ky) has a 5 % margin.
//
//   npx tsx bench/per-call-callgrind.ts [--rounds 3] [--calls 100] [--warm-up 10] [--settle 50]
//        [--aa | --before <other build>/index.js] [--family checking ...]
//
// One process per call family (bare ky, seatpay, and a third arm), side by side. The third arm is
// `--before`'s build (a before/after), or with `--aa` a copy of this very build (an A/A run: it must
// read 1.00, and its range is the bench's own resolution). Both seatpay arms are imported from
// their dist/ alike (per-call-inproc's `--after`), so that neither shares ky with bare ky's bundle.
//
// What makes a count a judge (percall13, BENCHMARKS.md "Thirteenth pass"): the same code counted
// 0.80-1.42x itself from one block of 200 calls to the next when every instruction was counted.
// Three things moved it, each now held apart:
// - The JIT. Functions still tier up (Sparkplug, Maglev, Turbofan) and deoptimize thousands of
//   calls in, and with `--single-threaded` each compile runs inside whatever block reaches it
//   (up to 360 k instructions per call in a block of 200). The warm-up now runs uninstrumented
//   (`--instr-atstart=no`, several times faster; per-call-inproc `--callgrind` turns
//   instrumentation on with callgrind_control once it is done), so it can be long, and what the
//   compilers still do in a measured block (inclusive counts of V8's compile, tier-up and
//   deoptimization entries, from callgrind's per-function totals) is counted apart.
// - The collector. A block pays for the scavenges and the lazy sweeping its allocations trigger,
//   whose cost depends on what else is alive (20-30 % of a block, ±15 %). The young generation
//   is fixed (`--min-semi-space-size=1 --max-semi-space-size=1`: no growth from block to block),
//   a full collection runs before each block (`--expose-gc`, not counted), and the collector's
//   entries are counted apart: its share is given per call beside the judged count.
// - Byte code flushing (`--no-flush-bytecode`): a full collection before every block would age
//   and drop byte code of functions not run in a while, to be compiled again later.
// The judged figure is the rest: instructions per call outside the compilers and the collector,
// the work a warmed-up call itself does. Each ratio is taken round by round against bare ky; the
// table gives its median [min-max].
// Not settled yet (percall13): with these flags an A/A run read 1.015 / 1.045 / 1.019, ranges
// within 0.97-1.08, narrower than before but not the 5 % goal's resolution. The forced full
// collection before each block also empties V8's inline caches (megamorphic loads ~50 k
// instructions per call) and leaves the whole heap to sweep lazily inside the block: every arm
// then counts ~40 % more than when warm. Without `--expose-gc` the arms count warm but a full
// collection lands in whichever block reaches it (A/A 0.87-1.70). `--settle N` makes N calls
// after each forced collection, not counted, before the block (caches refilled, sweeping done):
// with 50, the steadiest set-up found, the A/A read 0.994 / 0.990 / 0.995 [0.95-1.02].
// percall14: the forced collection and the settling calls now run uninstrumented (per-call-inproc
// turns instrumentation off before the collection and on again just before the block), so a
// settle of several hundred calls costs about what the warm-up's calls do, not 100x more.
// Valgrind runs Node about 100x slower (uninstrumented, about 5x): minutes on an idle core.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '100' },
    'warm-up': { type: 'string', default: '10' },
    settle: { type: 'string', default: '50' },
    before: { type: 'string' },
    aa: { type: 'boolean', default: false },
    family: { type: 'string', multiple: true },
  },
});
const calls = Number(values.calls);
const GOAL = 1.05;
const NODE_FLAGS = [
  '--single-threaded',
  '--expose-gc',
  '--min-semi-space-size=1',
  '--max-semi-space-size=1',
  '--no-flush-bytecode',
];
const run = promisify(execFile);

const FAMILIES = [
  { bare: 'bare ky, plan', call: 'plans.get()' },
  { bare: 'bare ky, subscriptions', call: 'subscriptions.list()' },
  { bare: 'bare ky, checking', call: 'checking.preview()' },
].filter(({ call }) => !values.family || values.family.some((name) => call.startsWith(name)));

/** Entries whose inclusive counts are the collector's work, and the compilers' (tier-up, deopt). */
const GC = [
  /v8::internal::Heap::CollectGarbage\(/,
  /v8::internal::Heap::CollectAllGarbage\(/,
  /PagedSpaceAllocatorPolicy::ContributeToSweeping/,
  /IncrementalMarking::AdvanceOnAllocation/,
  /Heap::StartIncrementalMarking\(/,
];
const JIT = [
  /v8::internal::Runtime_CompileLazy\(/,
  /v8::internal::Runtime_Optimize\w+\(/,
  /v8::internal::Runtime_Compile\w*Optimized\w*\(/,
  /v8::internal::Runtime_Start\w+OptimizeJob\(/,
  /v8::internal::Runtime_InstallBaselineCode\(/,
  /v8::internal::Runtime_BytecodeBudgetInterrupt\w*\(/,
  /v8::internal::Runtime_NotifyDeoptimized\(/,
  /v8::internal::Deoptimizer::New\(/,
];

interface Count {
  /** Every instruction of the block. */
  total: number;
  /** The collector's and the compilers' shares of it. */
  gc: number;
  jit: number;
}

/** A dump's total and its collector's and compilers' inclusive counts (callgrind_annotate). */
async function countOf(file: string): Promise<Count> {
  const { stdout } = await run('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file], {
    maxBuffer: 256 << 20,
  });
  let total = 0;
  const found = new Map<RegExp, number>();
  for (const line of stdout.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    if (!match) continue;
    const count = Number(match[1]!.replaceAll(',', ''));
    if (match[2]!.includes('PROGRAM TOTALS')) total = count;
    for (const entry of [...GC, ...JIT])
      if (entry.test(match[2]!)) found.set(entry, Math.max(found.get(entry) ?? 0, count));
  }
  const sum = (entries: RegExp[]) => entries.reduce((n, entry) => n + (found.get(entry) ?? 0), 0);
  return { total, gc: sum(GC), jit: sum(JIT) };
}

/** Each measured block's count per call, by subject, in the order of the rounds. */
async function countFamily(
  dir: string,
  script: string,
  subjects: string[],
  thirdArm: string | undefined,
  after: string,
): Promise<Record<string, Count[]>> {
  const prefix = `cg-${subjects.length}-${Math.random().toString(36).slice(2)}`;
  const args = [
    '--tool=callgrind',
    '--instr-atstart=no',
    '--dump-before=uv_getrusage',
    `--callgrind-out-file=${join(dir, prefix)}.%p`,
    process.execPath,
    ...NODE_FLAGS,
    script,
    ...subjects.flatMap((subject) => ['--only', subject]),
    ...['--rounds', values.rounds, '--calls', values.calls, '--warm-up', values['warm-up']],
    ...['--callgrind', '--after', after, '--settle', values.settle],
    ...(thirdArm ? ['--before', thirdArm] : []),
  ];
  const { stdout } = await run('valgrind', args, { maxBuffer: 64 << 20 });
  const { blocks } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { blocks: string[] };
  // One dump per process.cpuUsage() call once instrumented: part 1 is the way from there to the
  // first measured block, then for block i (from 0) the block itself is part 2i + 2, the gap
  // after it (the next block's collection, not counted) part 2i + 3.
  const files = new Map<number, string>();
  for (const file of (await readdir(dir)).filter((name) => name.startsWith(`${prefix}.`)))
    files.set(Number(file.split('.').at(-1)), join(dir, file));
  const perCall: Record<string, Count[]> = {};
  for (const [at, subject] of blocks.entries()) {
    const file = files.get(2 * at + 2);
    if (file === undefined) throw new Error(`no count for block ${at} (${subject})`);
    const { total, gc, jit } = await countOf(file);
    (perCall[subject] ??= []).push({ total: total / calls, gc: gc / calls, jit: jit / calls });
  }
  return perCall;
}

const spread = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
};
const fmt = ({ median, min, max }: ReturnType<typeof spread>, digits = 3) =>
  `${median.toFixed(digits)} [${min.toFixed(digits)}-${max.toFixed(digits)}]`;
/** What the table judges: a block's instructions outside the collector and the compilers. */
const own = ({ total, gc, jit }: Count) => total - gc - jit;

const loadAtStart = loadavg();
const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-'));
const root = new URL('..', import.meta.url).pathname;
const after = join(root, 'dist/index.js');
// The A/A arm: this build's dist/ copied next to it (its bare imports, ky and zod, resolve from
// the repository's node_modules as this build's do), a module graph of its own.
let copy: string | undefined;
try {
  if (values.aa) {
    await mkdir(join(root, '.tmp'), { recursive: true });
    copy = await mkdtemp(join(root, '.tmp', 'aa-'));
    await cp(join(root, 'dist'), join(copy, 'dist'), { recursive: true });
  }
  const thirdArm = copy ? join(copy, 'dist/index.js') : values.before;
  const third = values.aa ? 'copy' : values.before ? 'before' : undefined;
  const script = await bundleForNode(dir, 'per-call-inproc');
  await stopEsbuild();
  const counted = await Promise.all(
    FAMILIES.map(({ bare, call }) =>
      countFamily(
        dir,
        script,
        [bare, `seatpay ${call}`, ...(thirdArm ? [`before: seatpay ${call}`] : [])],
        thirdArm,
        after,
      ),
    ),
  );
  const load = (figures: number[]) => figures.map((x) => x.toFixed(1)).join(' ');
  console.log(
    `Node ${process.version} under valgrind --tool=callgrind (${NODE_FLAGS.join(' ')}), ${values['warm-up']} warm-up rounds uninstrumented, then ${values.rounds} rounds of ${calls} calls counted, one process per call family, load average ${load(loadAtStart)} at the start, ${load(loadavg())} at the end\n`,
  );
  const k = (xs: number[]) => `${(spread(xs).median / 1000).toFixed(1)} k`;
  console.log(
    `| call | own instructions/call: bare ky → ${third ? `${third} → ` : ''}seatpay | ${third ? `${third} vs ${values.aa ? 'seatpay' : 'bare ky'} | ` : ''}seatpay vs bare ky (goal ${GOAL}) | all instructions: seatpay vs bare ky | collector/call: bare ky → seatpay | compilers/call: bare ky → seatpay |`,
  );
  console.log(`| --- | --- | ${third ? '--- | ' : ''}--- | --- | --- | --- |`);
  let missed = 0;
  FAMILIES.forEach(({ bare, call }, at) => {
    const perCall = counted[at]!;
    const ours = perCall[`seatpay ${call}`]!;
    const base = perCall[bare]!;
    const other = perCall[`before: seatpay ${call}`];
    const ratio = (xs: Count[], ys: Count[], of: (c: Count) => number = own) =>
      spread(xs.map((x, round) => of(x) / of(ys[round]!)));
    const judged = ratio(ours, base);
    if (judged.median > GOAL) missed++;
    const figures = [base, ...(other ? [other] : []), ours].map((xs) => xs.map(own));
    const thirdRatio = other
      ? `${fmt(values.aa ? ratio(other, ours) : ratio(other, base))} | `
      : '';
    const part = (of: (c: Count) => number) => `${k(base.map(of))} → ${k(ours.map(of))}`;
    console.log(
      `| ${call} | ${figures.map(k).join(' → ')} | ${thirdRatio}**${fmt(judged)}** | ${fmt(ratio(ours, base, (c) => c.total))} | ${part((c) => c.gc)} | ${part((c) => c.jit)} |`,
    );
  });
  process.exitCode = missed ? 1 : 0;
} finally {
  await rm(dir, { recursive: true, force: true });
  if (copy) await rm(copy, { recursive: true, force: true });
}
