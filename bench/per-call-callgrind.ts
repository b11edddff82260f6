// seatpay's own work per call on top of bare ky, counted in instructions: bench/per-call-inproc.ts
// (in-memory fetch, the same subjects, interleaved rounds) run under `valgrind --tool=callgrind`,
// which counts the instructions the process executes whatever else loads the machine. CPU time
// moved by ±10 % from run to run at a load of 5 to 10, and the goal it judges (own CPU <= 1.05x
// bare ky) has a 5 % margin.
//
//   npx tsx bench/per-call-callgrind.ts [--rounds 3] [--calls 200] [--before <other build>/index.js]
//                                       [--family checking ...]  (only the calls whose name starts so)
//
// One process per call family (bare ky, seatpay, and seatpay from `--before`), side by side.
// callgrind writes its counts out each time the bench calls process.cpuUsage() (`--dump-before`
// libuv's `uv_getrusage`), which it does right before and right after each block of calls: each
// block's instructions are counted apart, warm-up rounds and start-up left out. Node runs with
// `--single-threaded`: no background compiler or GC thread, whose share would depend on timing;
// and `--expose-gc`, with which the bench collects everything before each block (not counted): a
// block then starts from an empty young generation and pays for the collections its own calls
// cause. Without it, a block of 200 calls that happened to hold a full collection counted up to
// 2x another (seatpay measured 0.75-1.35x bare ky over three rounds).
// Each ratio is taken round by round against bare ky; the table gives its median [min-max].
// Valgrind runs Node about 100x slower: a few minutes on an idle core. Needs valgrind.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '200' },
    before: { type: 'string' },
    family: { type: 'string', multiple: true },
  },
});
const calls = Number(values.calls);
const GOAL = 1.05;

const FAMILIES = [
  { bare: 'bare ky, plan', call: 'plans.get()' },
  { bare: 'bare ky, subscriptions', call: 'subscriptions.list()' },
  { bare: 'bare ky, checking', call: 'checking.preview()' },
].filter(({ call }) => !values.family || values.family.some((name) => call.startsWith(name)));

/** Each measured block's instructions per call, by subject, in the order of the rounds. */
async function countFamily(
  dir: string,
  script: string,
  subjects: string[],
): Promise<Record<string, number[]>> {
  const prefix = `cg-${subjects.length}-${Math.random().toString(36).slice(2)}`;
  const args = [
    '--tool=callgrind',
    '--dump-before=uv_getrusage',
    `--callgrind-out-file=${join(dir, prefix)}.%p`,
    process.execPath,
    '--single-threaded',
    '--expose-gc',
    script,
    ...subjects.flatMap((subject) => ['--only', subject]),
    ...['--rounds', values.rounds, '--calls', values.calls],
    ...(values.before ? ['--before', values.before] : []),
  ];
  const { stdout } = await promisify(execFile)('valgrind', args, { maxBuffer: 64 << 20 });
  const { blocks } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { blocks: string[] };
  // One dump per process.cpuUsage() call: part 1 is the start-up, then for block i (from 0) the
  // gap before it is part 2i + 1 and the block itself part 2i + 2.
  const parts = new Map<number, number>();
  for (const file of (await readdir(dir)).filter((name) => name.startsWith(`${prefix}.`))) {
    const part = Number(file.split('.').at(-1));
    const text = await readFile(join(dir, file), 'utf8');
    const summary = /^summary: (\d+)/m.exec(text);
    if (summary) parts.set(part, Number(summary[1]));
  }
  const perCall: Record<string, number[]> = {};
  const warmUp = 2 * subjects.length;
  blocks.forEach((subject, at) => {
    const counted = parts.get(2 * at + 2);
    if (counted === undefined) throw new Error(`no count for block ${at} (${subject})`);
    if (at >= warmUp) (perCall[subject] ??= []).push(counted / calls);
  });
  return perCall;
}

const spread = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
};
const fmt = ({ median, min, max }: ReturnType<typeof spread>, digits = 3) =>
  `${median.toFixed(digits)} [${min.toFixed(digits)}-${max.toFixed(digits)}]`;

const loadAtStart = loadavg();
const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-'));
try {
  const script = await bundleForNode(dir, 'per-call-inproc');
  await stopEsbuild();
  const counted = await Promise.all(
    FAMILIES.map(({ bare, call }) =>
      countFamily(dir, script, [
        bare,
        `seatpay ${call}`,
        ...(values.before ? [`before: seatpay ${call}`] : []),
      ]),
    ),
  );
  const load = (figures: number[]) => figures.map((x) => x.toFixed(1)).join(' ');
  console.log(
    `Node ${process.version} under valgrind --tool=callgrind (--single-threaded --expose-gc), ${values.rounds} rounds of ${calls} calls after 2 warm-up rounds, one process per call, load average ${load(loadAtStart)} at the start, ${load(loadavg())} at the end\n`,
  );
  const withBefore = values.before !== undefined;
  console.log(
    `| call | instructions/call: bare ky → ${withBefore ? 'before → ' : ''}seatpay | ${withBefore ? 'before: vs bare ky | ' : ''}seatpay vs bare ky (goal ${GOAL}) |`,
  );
  console.log(`| --- | --- | ${withBefore ? '--- | ' : ''}--- |`);
  let missed = 0;
  const k = (xs: number[]) => `${(spread(xs).median / 1000).toFixed(1)} k`;
  FAMILIES.forEach(({ bare, call }, at) => {
    const perCall = counted[at]!;
    const base = perCall[bare]!;
    const versus = (name: string) => spread(perCall[name]!.map((x, round) => x / base[round]!));
    const ours = versus(`seatpay ${call}`);
    if (ours.median > GOAL) missed++;
    const before = `before: seatpay ${call}`;
    const figures = [base, ...(withBefore ? [perCall[before]!] : []), perCall[`seatpay ${call}`]!];
    console.log(
      `| ${call} | ${figures.map(k).join(' → ')} | ${withBefore ? `${fmt(versus(before))} | ` : ''}${fmt(ours)} |`,
    );
  });
  process.exitCode = missed ? 1 : 0;
} finally {
  await rm(dir, { recursive: true, force: true });
}
