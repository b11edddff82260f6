// What a key costs (issue 37): the CPU of one `consumables.checkout` with a key, per journal, next
// to the same checkout without one, against the simulator in the same process (its `handle` as the
// client's fetch: no sockets, the simulator's work counted on both sides alike); and whether that
// settles the goal (at most 1.5x plain) on this machine.
//
//   npx tsx bench/keyed-cost.ts [--processes 6] [--rounds 6] [--warmup 2] [--calls 40] [--settle-ms 20]
//                               [--root <checkout>] [--subjects self,memoryJournal,fileJournal,identity] [--goal 1.5]
//                               [--wait-ms 2] [--node-flags=--single-threaded] [--arms-apart]
//                               [--concurrency 1]
//
// Subjects: `memoryJournal`, `fileJournal` (a SQLite file in the OS's temporary directory, the
// claim flushed to disk: its system time counts), `identity` (memoryJournal and an `identity`); `self`
// is plain measured against itself, a control that must come out at 1.00; two probes for the disk's
// wait: `fileJournalTmpfs` (the file on /dev/shm, where the flush returns at once) and
// `memoryJournalWait` (a memoryJournal whose claim first waits `--wait-ms` on a timer);
// `fileJournalReused` (keyed22: fileJournal on the disk after 400 keyed calls outside the measure,
// its log wrapped and written over, where a new journal's grows with each flush); `replay`
// (a memoryJournal's key bought at a round's first call, then replayed: the replay's cost).
//
// Method (measure12: symmetric). Every measuring process is a child, and each child measures one
// side only: the bench's own checkout is not in any measuring process more than `--root`'s is.
// Each side gets its own bundle, made the same way (this checkout's measuring code, the side's
// sources; no module of this checkout's src/ in `--root`'s bundle), run as plain Node with
// --expose-gc (not tsx, whose loader would be measured). A "process round" runs one child per side,
// one after the other, the sides' order alternating round by round; `--processes` such rounds.
// In a child, a round runs, for each subject in turn, four blocks of `calls` checkouts in ABBA
// order (plain, keyed, keyed, plain; BAAB the next round), so a drift of the machine's speed during
// the pair weighs on both arms alike; the subjects' order rotates round by round. Before each block
// (outside the measure) the young generation is emptied; each block ends with a `--settle-ms`
// pause inside its measure, so that what its calls left running (a flush's thread, the collector)
// is counted in it and not in the next block (without it the control `self` came out at 0.82-0.94).
// Between one subject's four blocks and the next's, outside any measure, a full collection and
// the same pause (keyed25): the next subject's first block is of the arm the last one's was, so
// without it each keyed arm paid for the previous subject's keyed work (`self` 1.39 after `identity`). CPU is process.cpuUsage() (user + system,
// every thread). keyed / plain is the ratio of summed CPU over the counted rounds of every child
// of that side (warm-up rounds thrown away), with a 90 % percentile bootstrap interval that
// resamples the children, then the rounds within each; "met" when the interval's high end is under
// the goal, "missed" when its low end is over it, else "not settled". The control `self` (plain
// against plain) must hold 1.00. With `--root`, the same arm's CPU this / root is taken per process
// round (the two children of a round ran back to back) and the rounds resampled: an A/A run (the
// same code on both sides) must come out at ~1.00 for every arm.
//
// --arms-apart (keycost17): each arm in a child of its own, none sharing a process with another: per
// process round and side, one child of the plain arm and one per subject, each `--rounds` (+
// `--warmup`) rounds of two blocks of `--calls` (the calls a paired child makes of each arm). The
// children's order within a process round is reversed in ABBA fashion (rounds 1, 4, 5, 8 ... in
// order, 2, 3, 6, 7 ... reversed). A subject's round pairs with the same round of that process
// round's plain child, and the summary is the same. `self` is then plain against plain in two
// children: the A/A proof that separate processes alone move nothing (~1.00). What it answers: is
// a share of "the key's cost" in the paired bench the keyed code's state in a shared process
// (BENCHMARKS.md "Fourteenth pass: the keyed path", where both arms' common code cost more in a
// keyed process), rather than the keyed code's own work?
//
// --concurrency N (journal19): each block keeps N calls in flight at once (N lanes, each starting
// its next call when its last one ends, `--calls` in all), plain and keyed alike: a batch or a
// worker with concurrency > 1, where fileJournal's claims made while a flush is pending share it.
//
// User and system time apart (keyed20): after the ratios, a second table per side splits each
// arm's CPU into user and system time (fileJournal's fdatasync on libuv's pool is this process's
// system time; the user time of what runs after a wait grows too: journal18), with keyed / plain of
// the user time alone.
//
// Why (BENCHMARKS.md "Twelfth pass: unbiased CPU benches (measure12)"): with both sides in one
// process the side listed second ran its plain arm 12-14 % cheaper on identical code.
//
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleForNode } from './support.js';
import {
  DATA_PREFIX,
  nestedRatioInterval,
  span,
  verdict,
  type Block,
  type PairedRound,
  type RunData,
} from './keyed-cost-stats.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    calls: { type: 'string', default: '40' },
    root: { type: 'string' },
    subjects: { type: 'string', default: 'self,memoryJournal,fileJournal,identity' },
    goal: { type: 'string', default: '1.5' },
    'wait-ms': { type: 'string', default: '2' },
    'node-flags': { type: 'string', default: '' },
    processes: { type: 'string', default: '6' },
    verbose: { type: 'boolean', default: false },
    'settle-ms': { type: 'string', default: '20' },
    'arms-apart': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
  },
});
const here = resolve(new URL('..', import.meta.url).pathname);
const sides = [
  ...(values.root ? [{ label: `root (${resolve(values.root)})`, root: resolve(values.root) }] : []),
  { label: 'this checkout', root: here },
];
const dir = await mkdtemp(join(tmpdir(), 'seatpay-keyed-cost-'));
// Only for fileJournalTmpfs (Linux's /dev/shm is memory: the flush returns at once).
const tmpfsDir = values.subjects.split(',').includes('fileJournalTmpfs')
  ? await mkdtemp(join('/dev/shm', 'seatpay-keyed-cost-'))
  : dir;
try {
  // One entry per side, the same text but for the side's sources: this checkout's measuring code,
  // and that side's own src/. Each child gets its own folder (its fileJournal file, new).
  const source = (root: string, path: string) => JSON.stringify(join(root, 'src', path));
  const scripts = await Promise.all(
    sides.map(async ({ label, root }, i) => {
      const entry = join(dir, `entry-${i}.ts`);
      await writeFile(
        entry,
        [
          `import { measure } from ${JSON.stringify(join(here, 'bench', 'keyed-cost-child.ts'))};`,
          `import * as seatpay from ${source(root, 'index.ts')};`,
          `import * as mock from ${source(root, 'mock/index.ts')};`,
          `import * as node from ${source(root, 'node.ts')};`,
          `const options = JSON.parse(process.argv[2]);`,
          `await measure([{ label: ${JSON.stringify(label)}, seatpay, mock, node }], options);`,
        ].join('\n'),
      );
      return bundleForNode(dir, `keyed-cost-entry-${i}`, new URL(`file://${entry}`));
    }),
  );
  const flags = values['node-flags'].split(' ').filter(Boolean);
  const processes = Number(values.processes);
  const subjects = values.subjects.split(',');
  const apart = values['arms-apart'];
  /** Per side, one RunData per child (process round); apart, per side and arm, one per round. */
  const runs: RunData[][] = sides.map(() => []);
  const armRuns = sides.map(() => new Map<string, RunData[]>());
  const children = apart
    ? ['plain', ...subjects].flatMap((arm) => sides.map((_, s) => ({ s, arm })))
    : sides.map((_, s) => ({ s, arm: undefined }));
  for (let round = 0; round < processes; round++) {
    // Paired: the sides alternate. Apart: ABBA over process rounds (forward, back, back, forward).
    const reversed = apart ? round % 4 === 1 || round % 4 === 2 : round % 2 === 1;
    const order = reversed ? [...children].reverse() : children;
    for (const [c, { s, arm }] of order.entries()) {
      const childDir = join(dir, `p${round}-${s}-${c}`);
      const childTmpfs = tmpfsDir === dir ? childDir : join(tmpfsDir, `p${round}-${s}-${c}`);
      await mkdir(childDir, { recursive: true });
      await mkdir(childTmpfs, { recursive: true });
      const options = {
        rounds: Number(values.rounds),
        warmup: Number(values.warmup),
        calls: Number(values.calls),
        subjects,
        dir: childDir,
        tmpfsDir: childTmpfs,
        waitMs: Number(values['wait-ms']),
        goal: Number(values.goal),
        settleMs: Number(values['settle-ms']),
        concurrency: Number(values.concurrency),
        ...(arm === undefined ? {} : { arm }),
      };
      const load = loadavg()[0]!.toFixed(1);
      const data = await runChild(['--expose-gc', ...flags, scripts[s]!, JSON.stringify(options)]);
      if (arm === undefined) runs[s]!.push(data);
      else (armRuns[s]!.get(arm) ?? armRuns[s]!.set(arm, []).get(arm)!).push(data);
      const what = arm === undefined ? '' : `, arm ${arm} alone`;
      console.log(
        `process round ${round + 1}/${processes}: ${sides[s]!.label}${what}, load ${load}`,
      );
    }
  }
  // Apart: each subject's child paired with the plain child of its process round, round by round.
  if (apart) {
    armRuns.forEach((byArm, s) => {
      for (let round = 0; round < processes; round++) {
        const plainOf = byArm.get('plain')![round]!.sides[0]!;
        const paired = (arm: string) =>
          byArm.get(arm)![round]!.sides[0]!.subjects[arm]!.map(({ subject }, i) => ({
            subject,
            plain: plainOf.subjects.plain![i]!.subject,
          }));
        const label = plainOf.label;
        const calls = Number(values.calls);
        runs[s]!.push({
          calls,
          sides: [{ label, subjects: Object.fromEntries(subjects.map((a) => [a, paired(a)])) }],
        });
      }
    });
  }
  summarize(runs, Number(values.goal));
} finally {
  await rm(dir, { recursive: true, force: true });
  if (tmpfsDir !== dir) await rm(tmpfsDir, { recursive: true, force: true });
}

/** Runs the bundled child, echoing its output; resolves to the data line it ends with. */
async function runChild(args: string[]): Promise<RunData> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let data: RunData | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith(DATA_PREFIX)) data = JSON.parse(line.slice(DATA_PREFIX.length)) as RunData;
    else if (values.verbose) console.log(line);
  }
  const code = await new Promise<number | null>((done) =>
    child.exitCode !== null ? done(child.exitCode) : child.once('close', done),
  );
  if (code !== 0 || !data) throw new Error(`the measuring process ended with ${code}`);
  return data;
}

/** Every child together: keyed / plain per side, and this / root per arm. */
function summarize(runs: RunData[][], goal: number): void {
  const cpu = ({ user, system }: Block) => user + system;
  const names = Object.keys(runs[0]![0]!.sides[0]!.subjects);
  const calls = runs[0]![0]!.calls;
  const labels = runs.map((list) => list[0]!.sides[0]!.label);
  const interval = (rounds: PairedRound[][]) => {
    const { ratio, low, high } = nestedRatioInterval(rounds);
    return `**${ratio.toFixed(2)}** [${low.toFixed(2)}-${high.toFixed(2)}]`;
  };
  const eachOf = (rounds: PairedRound[][]) =>
    span(
      rounds.map(
        (list) =>
          list.reduce((a, r) => a + r.subject, 0) / list.reduce((a, r) => a + r.baseline, 0),
      ),
      2,
    );
  console.log(
    `\n## ${runs[0]!.length} process rounds together (each side's children), load now ${loadavg()[0]!.toFixed(1)}`,
  );
  labels.forEach((label, side) => {
    console.log(`\n${label}: keyed / plain, ratio of summed CPU, 90 % interval (goal ${goal}x)`);
    console.log(
      '| subject | plain ms | keyed ms | x plain [90 % interval] | per child, median [min-max] | goal |',
    );
    console.log(
      '| ------- | -------- | -------- | ----------------------- | --------------------------- | ---- |',
    );
    for (const name of names) {
      const pairs = runs[side]!.map((run) => run.sides[0]!.subjects[name]!);
      const rounds = pairs.map((list) =>
        list.map(({ subject, plain }): PairedRound => ({
          subject: cpu(subject),
          baseline: cpu(plain),
        })),
      );
      const all = pairs.flat();
      const ms = (pick: (pair: { subject: Block; plain: Block }) => number) =>
        (all.reduce((sum, pair) => sum + pick(pair), 0) / 1000 / (2 * calls * all.length)).toFixed(
          3,
        );
      const judged =
        name === 'self' ? 'control: 1.00 inside?' : verdict(nestedRatioInterval(rounds), goal);
      console.log(
        `| ${name} | ${ms(({ plain }) => cpu(plain))} | ${ms(({ subject }) => cpu(subject))} | ${interval(rounds)} | ${eachOf(rounds)} | ${judged} |`,
      );
    }
    // keyed20: user and system time apart (a flush's fdatasync on libuv's pool is this
    // process's system time; its wait's cold wake-up lands in the user time of what runs after).
    console.log(
      `\n${label}: user and system time apart, ms per call; keyed / plain of the user time alone, 90 % interval`,
    );
    console.log(
      '| subject | plain user | plain system | keyed user | keyed system | x plain, user only | system over plain, ms |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const name of names) {
      const pairs = runs[side]!.map((run) => run.sides[0]!.subjects[name]!);
      const all = pairs.flat();
      const ms = (pick: (pair: { subject: Block; plain: Block }) => number) =>
        all.reduce((sum, pair) => sum + pick(pair), 0) / 1000 / (2 * calls * all.length);
      const userRounds = pairs.map((list) =>
        list.map(({ subject, plain }): PairedRound => ({
          subject: subject.user,
          baseline: plain.user,
        })),
      );
      const [pu, ps, ku, ks] = [
        ms(({ plain }) => plain.user),
        ms(({ plain }) => plain.system),
        ms(({ subject }) => subject.user),
        ms(({ subject }) => subject.system),
      ];
      console.log(
        `| ${name} | ${pu.toFixed(3)} | ${ps.toFixed(3)} | ${ku.toFixed(3)} | ${ks.toFixed(3)} | ${interval(userRounds)} | ${(ks - ps).toFixed(3)} |`,
      );
    }
  });
  if (runs.length !== 2) return;
  console.log(
    `\n${labels[1]} / ${labels[0]}: the same arm's summed CPU, children of the same process round paired, 90 % interval (rounds resampled)`,
  );
  console.log('| arm | this / root [90 % interval] | per process round, median [min-max] |');
  console.log('| --- | -------------------------- | ----------------------------------- |');
  for (const name of ['plain', ...names.filter((name) => name !== 'self')]) {
    const armOf = (run: RunData) =>
      name === 'plain'
        ? names.reduce(
            (sum, n) => sum + run.sides[0]!.subjects[n]!.reduce((a, r) => a + cpu(r.plain), 0),
            0,
          )
        : run.sides[0]!.subjects[name]!.reduce((a, r) => a + cpu(r.subject), 0);
    const rounds = runs[0]!.map((root, i): PairedRound[] => [
      { subject: armOf(runs[1]![i]!), baseline: armOf(root) },
    ]);
    console.log(`| ${name} | ${interval(rounds)} | ${eachOf(rounds)} |`);
  }
}
