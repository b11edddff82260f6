// What a key costs (issue 37): the CPU of one `consumables.checkout` with a key, per journal, next
// to the same checkout without one, against the simulator in the same process (its `handle` as the
// client's fetch: no sockets, the simulator's work counted on both sides alike); and whether that
// settles the goal (at most 1.5x plain) on this machine.
//
//   npx tsx bench/keyed-cost.ts [--runs 3] [--rounds 30] [--warmup 2] [--calls 50]
//                               [--root <checkout>] [--subjects self,memoryJournal,fileJournal,identity] [--goal 1.5]
//                               [--wait-ms 2] [--node-flags=--single-threaded]
//
// Subjects: `memoryJournal`, `fileJournal` (a SQLite file in the OS's temporary directory, the
// claim flushed to disk: its system time counts), `identity` (memoryJournal and an `identity`); `self`
// is plain measured against itself, a control that must come out at 1.00; two probes for the disk's
// wait: `fileJournalTmpfs` (the file on /dev/shm, where the flush returns at once) and
// `memoryJournalWait` (a memoryJournal whose claim first waits `--wait-ms` on a timer); `replay`
// (a memoryJournal's key bought at a round's first call, then replayed: the replay's cost).
//
// Method. `--runs` processes, one after the other; each runs every subject (plain Node with
// --expose-gc, bundled with esbuild: not tsx, whose loader would be measured). A round runs, for
// each subject in turn, four blocks of `calls` checkouts in ABBA order (plain, keyed, keyed,
// plain; BAAB the next round), so a drift of the machine's speed during the pair weighs on both
// arms alike; the subjects' and the sides' order rotates round by round. Before each block (outside the measure) the young generation is
// emptied: a block pays for the collections its own garbage causes, not the previous block's.
// CPU is process.cpuUsage() (user + system, every thread: Web Crypto's, the collector's and the
// thread pool's work count). The figure is the ratio of summed CPU, keyed over plain, across the
// counted rounds (the warm-up rounds are run and thrown away), with a 90 % percentile bootstrap
// interval that resamples the runs, then the rounds within each, each round's two arms kept
// together (a process's own luck, its JIT's and its heap's, moves a run's ratio); "met" when the
// interval's high end is under the goal, "missed" when its low end is over it (each one-sided
// 95 %), else "not settled". The control `self` checks the method: its interval must hold 1.00.
//
// Fair to both arms: both call the same client's `consumables.checkout` with the same order,
// against the same simulator; the keyed arm does all a user's keyed call does, each with a new key (a
// first run): the key check, the owner's MAC, the read, the claim (for fileJournal, flushed before
// the request leaves), the send, the outcome's record, the redaction of both records. Memory
// journals are made anew each round (a long run's retained records would otherwise bring major
// collections that fall on either arm at random); the fileJournal file lives through the run.
//
// `--root <checkout>` measures that checkout's sources beside this one's in the same process, the
// sides interleaved (each its own client and simulator), and prints this / root per subject. Also
// printed: the earlier table (median [min-max] of per-round ratios), how long a fileJournal call
// held the event loop in SQLite (node:sqlite runs its statements synchronously).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleForNode } from './support.js';
import {
  DATA_PREFIX,
  nestedRatioInterval,
  verdict,
  type Block,
  type PairedRound,
  type RunData,
} from './keyed-cost-stats.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '2' },
    calls: { type: 'string', default: '50' },
    root: { type: 'string' },
    subjects: { type: 'string', default: 'self,memoryJournal,fileJournal,identity' },
    goal: { type: 'string', default: '1.5' },
    'wait-ms': { type: 'string', default: '2' },
    'node-flags': { type: 'string', default: '' },
    runs: { type: 'string', default: '3' },
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
  // The entry: this checkout's measuring code, and each side's own sources.
  const source = (root: string, path: string) => JSON.stringify(join(root, 'src', path));
  const entry = join(dir, 'entry.ts');
  await writeFile(
    entry,
    [
      `import { measure } from ${JSON.stringify(join(here, 'bench', 'keyed-cost-child.ts'))};`,
      ...sides.flatMap(({ root }, i) => [
        `import * as seatpay${i} from ${source(root, 'index.ts')};`,
        `import * as mock${i} from ${source(root, 'mock/index.ts')};`,
        `import * as node${i} from ${source(root, 'node.ts')};`,
      ]),
      `await measure([${sides
        .map(
          ({ label }, i) =>
            `{ label: ${JSON.stringify(label)}, seatpay: seatpay${i}, mock: mock${i}, node: node${i} }`,
        )
        .join(', ')}], ${JSON.stringify({
        rounds: Number(values.rounds),
        warmup: Number(values.warmup),
        calls: Number(values.calls),
        subjects: values.subjects.split(','),
        dir,
        tmpfsDir,
        waitMs: Number(values['wait-ms']),
        goal: Number(values.goal),
      })});`,
    ].join('\n'),
  );
  const script = await bundleForNode(dir, 'keyed-cost-entry', new URL(`file://${entry}`));
  const flags = values['node-flags'].split(' ').filter(Boolean);
  const runs: RunData[] = [];
  for (let run = 0; run < Number(values.runs); run++) {
    console.log(
      `\n## run ${run + 1} of ${values.runs} (its own process), load ${loadavg()[0]!.toFixed(1)}`,
    );
    runs.push(await runChild(['--expose-gc', ...flags, script]));
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
    else console.log(line);
  }
  const code = await new Promise<number | null>((done) =>
    child.exitCode !== null ? done(child.exitCode) : child.once('close', done),
  );
  if (code !== 0 || !data) throw new Error(`the measuring process ended with ${code}`);
  return data;
}

/** Every run together: the ratio of summed CPU with an interval over runs and rounds. */
function summarize(runs: RunData[], goal: number): void {
  const cpu = ({ user, system }: Block) => user + system;
  const pairsOf = (side: number, name: string) =>
    runs.map((run) => run.sides[side]!.subjects[name]!);
  const names = Object.keys(runs[0]!.sides[0]!.subjects);
  const calls = runs[0]!.calls;
  console.log(
    `\n## ${runs.length} runs together: keyed / plain, ratio of summed CPU, 90 % interval (runs, then rounds, resampled); load now ${loadavg()[0]!.toFixed(1)}`,
  );
  runs[0]!.sides.forEach(({ label }, side) => {
    console.log(`\n${label} (goal ${goal}x)`);
    console.log('| subject | plain ms | keyed ms | x plain [90 % interval] | each run | goal |');
    console.log('| ------- | -------- | -------- | ----------------------- | -------- | ---- |');
    for (const name of names) {
      const pairs = pairsOf(side, name);
      const rounds = pairs.map((list) =>
        list.map(({ subject, plain }): PairedRound => ({
          subject: cpu(subject),
          baseline: cpu(plain),
        })),
      );
      const interval = nestedRatioInterval(rounds);
      const all = pairs.flat();
      const ms = (pick: (pair: { subject: Block; plain: Block }) => number) =>
        (all.reduce((sum, pair) => sum + pick(pair), 0) / 1000 / (2 * calls * all.length)).toFixed(
          3,
        );
      const each = rounds
        .map((list) =>
          (
            list.reduce((a, r) => a + r.subject, 0) / list.reduce((a, r) => a + r.baseline, 0)
          ).toFixed(2),
        )
        .join(' / ');
      const judged = name === 'self' ? 'control: 1.00 inside?' : verdict(interval, goal);
      console.log(
        `| ${name} | ${ms(({ plain }) => cpu(plain))} | ${ms(({ subject }) => cpu(subject))} | **${interval.ratio.toFixed(2)}** [${interval.low.toFixed(2)}-${interval.high.toFixed(2)}] | ${each} | ${judged} |`,
      );
    }
  });
  if (runs[0]!.sides.length !== 2) return;
  const [before, after] = runs[0]!.sides.map(({ label }) => label);
  console.log(`\n${after} / ${before}: the same arm's CPU in the same rounds, 90 % interval`);
  console.log('| arm | after / before |');
  console.log('| --- | -------------- |');
  for (const name of ['plain', ...names.filter((name) => name !== 'self')]) {
    const rounds = runs.map((run) => {
      const arm = (side: number, i: number) =>
        name === 'plain'
          ? names.reduce((sum, n) => sum + cpu(run.sides[side]!.subjects[n]![i]!.plain), 0)
          : cpu(run.sides[side]!.subjects[name]![i]!.subject);
      return run.sides[0]!.subjects[names[0]!]!.map((_, i): PairedRound => ({
        subject: arm(1, i),
        baseline: arm(0, i),
      }));
    });
    const interval = nestedRatioInterval(rounds);
    console.log(
      `| ${name} | ${interval.ratio.toFixed(2)} [${interval.low.toFixed(2)}-${interval.high.toFixed(2)}] |`,
    );
  }
}
