// The measuring half of bench/keyed-cost.ts. keyed-cost.ts bundles an entry that imports this
// module and the seatpay sources of each side (this checkout, and `--root`'s), then calls
// `measure` in plain Node with --expose-gc. See keyed-cost.ts for the method and why it is fair.
import fs from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { StatementSync } from 'node:sqlite';
import type * as Seatpay from '../src/index.js';
import type * as Mock from '../src/mock/index.js';
import type * as NodeEntry from '../src/node.js';
import {
  DATA_PREFIX,
  median,
  ratioInterval,
  span,
  verdict,
  type Block,
  type PairedRound,
  type RunData,
} from './keyed-cost-stats.js';
import { subscribedClient } from './keyed-cost-subscriber.js';

/** One checkout of seatpay, measured: its main entry, its simulator, its Node entry. */
export interface Side {
  label: string;
  seatpay: typeof Seatpay;
  mock: typeof Mock;
  node: typeof NodeEntry;
}

export interface Options {
  rounds: number;
  warmup: number;
  calls: number;
  /** Keyed subjects (and `self`, plain against itself), each paired with plain in every round. */
  subjects: string[];
  /** Where fileJournal's file goes (the disk), and fileJournalTmpfs's (memory). */
  dir: string;
  tmpfsDir: string;
  /** memoryJournalWait's claim: resolves after this many ms on a timer. */
  waitMs: number;
  goal: number;
  /**
   * A pause at each block's end, inside the measure (a timer: no CPU of its own): the work a block's
   * calls leave behind (the thread pool's, the collector's) is counted in that block, not the next.
   */
  settleMs?: number;
  /**
   * Calls in flight at once in a block (keyed-cost.ts `--concurrency`, default 1: one after
   * another): a batch, a worker with concurrency > 1, whose claims may share a flush.
   */
  concurrency?: number;
  /**
   * Arms apart (keyed-cost.ts `--arms-apart`): this child runs one arm only, `plain` or one subject,
   * `rounds` (+ `warmup`) rounds of two blocks of `calls`: as many calls of it as a paired child
   * makes, with nothing of the other arm run in this process.
   */
  arm?: string;
}

type Call = () => Promise<unknown>;

/** What one subject's keyed call needs anew each round (memory journals: the heap stays flat). */
type Subject = (round: number) => Call;

/** The SQLite statements' time of the subject running now, summed per call (see below). */
let inSqlite = 0;
for (const method of ['run', 'get', 'all'] as const) {
  const original = StatementSync.prototype[method] as (...args: unknown[]) => unknown;
  Object.defineProperty(StatementSync.prototype, method, {
    value(this: StatementSync, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        inSqlite += performance.now() - started;
      }
    },
  });
}

/** fileJournal's flushes (fdatasync of its log, wal-flush.ts) so far: how many claims share one. */
let flushes = 0;
const fdatasync = fs.fdatasync;
fs.fdatasync = ((...args: Parameters<typeof fs.fdatasync>) => {
  flushes++;
  return fdatasync(...args);
}) as typeof fs.fdatasync;

async function setUp(side: Side, options: Options, index: number) {
  const { seatpay, node } = side;
  const { client, order } = await subscribedClient(side, `bench-${index}@example.com`);
  let next = 0;
  const key = () => `bench-${process.pid}-${index}-${next++}`;
  const checkout = (keyed: object) => () => client.consumables.checkout({ ...order, ...keyed });
  // Opened only for a subject that writes to it: a child of the plain arm alone opens no SQLite.
  const file = options.subjects.includes('fileJournal')
    ? node.fileJournal(join(options.dir, `journal-${index}.db`))
    : undefined;
  const tmpfsFile = options.subjects.includes('fileJournalTmpfs')
    ? node.fileJournal(join(options.tmpfsDir, `journal-${index}.db`))
    : undefined;
  // fileJournalReused (keyed22): a file on the disk whose write-ahead log has wrapped already (a
  // long-running process's steady state), where fileJournal's log is new and grows with each
  // flush. 400 keyed calls first, outside any measure: SQLite checkpoints and writes the log over
  // from its start after ~290 of them.
  const reused = options.subjects.includes('fileJournalReused')
    ? node.fileJournal(join(options.dir, `journal-reused-${index}.db`))
    : undefined;
  for (let i = 0; reused && i < 400; i++) await checkout({ key: key(), journal: reused })();
  /** A memoryJournal whose claim first waits `waitMs` on a timer: the disk's wait, without a disk. */
  const waiting = () => {
    const inner = seatpay.memoryJournal();
    return {
      ...inner,
      claim: async (...args: Parameters<NonNullable<typeof inner.claim>>) => {
        await new Promise((resolve) => setTimeout(resolve, options.waitMs));
        return inner.claim!(...args);
      },
    };
  };
  const plain: Call = () => client.consumables.checkout(order);
  const subjects: Record<string, Subject> = {
    self: () => plain,
    memoryJournal: () => {
      const journal = seatpay.memoryJournal();
      return () => checkout({ key: key(), journal })();
    },
    fileJournal: () => () => checkout({ key: key(), journal: file! })(),
    fileJournalTmpfs: () => () => checkout({ key: key(), journal: tmpfsFile! })(),
    fileJournalReused: () => () => checkout({ key: key(), journal: reused! })(),
    identity: () => {
      const journal = seatpay.memoryJournal();
      return () => checkout({ key: key(), journal, identity: 'user-4711' })();
    },
    // A key bought once a round, then replayed by every call (each a copy of the answer).
    replay: () => {
      const keyed = { key: key(), journal: seatpay.memoryJournal() };
      return () => checkout(keyed)();
    },
    memoryJournalWait: () => {
      const journal = waiting();
      return () => checkout({ key: key(), journal })();
    },
  };
  for (const name of options.subjects) {
    if (!subjects[name]) throw new Error(`unknown subject ${name}`);
  }
  const close = () => {
    file?.close();
    tmpfsFile?.close();
    reused?.close();
  };
  return { plain, subjects, close };
}

declare const gc: ((options?: { type?: 'minor' | 'major' }) => void) | undefined;

/**
 * `calls` calls in a row, CPU (user + system, every thread) in µs. The young generation is emptied
 * first, outside the measure: a block pays for the collections its own garbage causes, not for
 * the previous block's.
 */
let settleMs = 0;
let concurrency = 1;
async function block(run: Call, calls: number, held: number[] | undefined): Promise<Block> {
  if (typeof gc === 'function') gc({ type: 'minor' });
  const start = process.cpuUsage();
  if (concurrency > 1) {
    // `concurrency` lanes, each taking the next call when its last one ends, `calls` in all
    // (the SQLite time of one call cannot be told apart here: not recorded).
    let left = calls;
    const lane = async () => {
      while (left-- > 0) await run();
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, calls) }, lane));
  } else {
    for (let i = 0; i < calls; i++) {
      inSqlite = 0;
      await run();
      held?.push(inSqlite);
    }
  }
  if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  return process.cpuUsage(start);
}

const cpu = ({ user, system }: Block) => user + system;

export async function measure(sides: Side[], options: Options): Promise<void> {
  const { rounds, warmup, calls, subjects: names, goal } = options;
  settleMs = options.settleMs ?? 0;
  concurrency = options.concurrency ?? 1;
  if (options.arm !== undefined) return measureArm(sides[0]!, options.arm, options);
  const loadBefore = loadavg()[0]!;
  const set = await Promise.all(sides.map((side, index) => setUp(side, options, index)));
  /** Per side, per subject, one entry per counted round: the pair's summed CPU (µs) and splits. */
  const results = sides.map(
    () => new Map(names.map((name) => [name, [] as Array<{ subject: Block; plain: Block }>])),
  );
  const held = sides.map(() => new Map<string, number[]>());
  for (let round = 0; round < warmup + rounds; round++) {
    const counted = round >= warmup;
    // Sides, and subjects within a side, rotate round by round: none always runs first.
    const sideOrder = sides.map((_, i) => (i + round) % sides.length);
    for (const s of sideOrder) {
      const { plain, subjects } = set[s]!;
      for (let k = 0; k < names.length; k++) {
        const name = names[(k + round) % names.length]!;
        const run = subjects[name]!(round);
        // Between subjects, outside the measure (keyed25): a full collection, then the settle
        // pause. Without it the previous subject's last block left its work (its garbage, its
        // journal's threads) to this subject's first block, whose arm is always that block's own
        // (both ABBA or both BAAB in one round): each subject's keyed arm paid for the one
        // before's keyed work, and the control `self` (after `identity`) came out at 1.39.
        if (typeof gc === 'function') gc();
        if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
        const heldHere = name.startsWith('fileJournal') && counted ? held[s]! : undefined;
        const heldList = heldHere
          ? (heldHere.get(name) ?? heldHere.set(name, []).get(name)!)
          : undefined;
        // ABBA (then BAAB next round): a drift in the machine's speed within the pair weighs
        // on both arms alike.
        const abba = round % 2 === 0;
        const first = abba
          ? await block(plain, calls, undefined)
          : await block(run, calls, heldList);
        const second = abba
          ? await block(run, calls, heldList)
          : await block(plain, calls, undefined);
        const third = abba
          ? await block(run, calls, heldList)
          : await block(plain, calls, undefined);
        const fourth = abba
          ? await block(plain, calls, undefined)
          : await block(run, calls, heldList);
        if (!counted) continue;
        const add = (a: Block, b: Block) => ({
          user: a.user + b.user,
          system: a.system + b.system,
        });
        const [plainPair, subjectPair] = abba
          ? [add(first, fourth), add(second, third)]
          : [add(second, third), add(first, fourth)];
        results[s]!.get(name)!.push({ subject: subjectPair, plain: plainPair });
      }
    }
  }
  for (const { close } of set) close();
  const loadAfter = loadavg()[0]!;

  const perCallMs = (block: Block) => cpu(block) / 1000 / (2 * calls);
  console.log(
    `keyed checkout cost: ${rounds} rounds (+${warmup} warm-up) x ${names.length} pairs x 4 blocks of ${calls} calls (ABBA), node ${process.version}, load ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)}`,
  );
  sides.forEach((side, s) => {
    const bySubject = results[s]!;
    console.log(`\n${side.label}: the earlier table (median of per-round ratios, [min-max])`);
    console.log('| subject | CPU ms per call, median [min-max] | x plain, median [min-max] |');
    console.log('| ------- | --------------------------------- | ------------------------- |');
    const plainAll = [...bySubject.values()].flatMap((list) => list.map(({ plain }) => plain));
    console.log(`| plain | ${span(plainAll.map(perCallMs), 2)} | 1.00 |`);
    for (const name of names) {
      const list = bySubject.get(name)!;
      const ratios = list.map(({ subject, plain }) => cpu(subject) / cpu(plain));
      console.log(
        `| ${name} | ${span(
          list.map(({ subject }) => perCallMs(subject)),
          2,
        )} | ${span(ratios, 2)} |`,
      );
    }
    console.log(
      `\n${side.label}: ratio of summed CPU, keyed / plain in the same rounds, 90 % bootstrap interval (goal ${goal}x)`,
    );
    console.log(
      '| subject | plain ms per call | keyed ms per call (user + system) | x plain [90 % interval] | goal |',
    );
    console.log(
      '| ------- | ----------------- | --------------------------------- | ----------------------- | ---- |',
    );
    for (const name of names) {
      const list = bySubject.get(name)!;
      const paired: PairedRound[] = list.map(({ subject, plain }) => ({
        subject: cpu(subject),
        baseline: cpu(plain),
      }));
      const interval = ratioInterval(paired);
      const total = (pick: (entry: { subject: Block; plain: Block }) => number) =>
        list.reduce((sum, entry) => sum + pick(entry), 0) / 1000 / (2 * calls * list.length);
      const plainMs = total(({ plain }) => cpu(plain));
      const user = total(({ subject }) => subject.user);
      const system = total(({ subject }) => subject.system);
      const judged = name === 'self' ? 'control: expect ~1.00' : verdict(interval, goal);
      console.log(
        `| ${name} | ${plainMs.toFixed(3)} | ${(user + system).toFixed(3)} (${user.toFixed(3)} + ${system.toFixed(3)}) | **${interval.ratio.toFixed(2)}** [${interval.low.toFixed(2)}-${interval.high.toFixed(2)}] | ${judged} |`,
      );
    }
    for (const [name, list] of held[s]!) {
      if (list.length === 0) continue; // calls in flight at once: not recorded
      const sorted = [...list].sort((a, b) => a - b);
      const at = (share: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
      console.log(
        `${side.label} ${name}: event loop held in SQLite per keyed call, ms: median ${at(0.5).toFixed(2)}, p90 ${at(0.9).toFixed(2)}, p99 ${at(0.99).toFixed(2)}, max ${sorted.at(-1)!.toFixed(2)} (${sorted.length} calls)`,
      );
    }
  });
  // For keyed-cost.ts, which sums up every run: each pair's CPU per round, in µs.
  const data: RunData = {
    calls,
    sides: sides.map(({ label }, s) => ({
      label,
      subjects: Object.fromEntries(names.map((name) => [name, results[s]!.get(name)!])),
    })),
  };
  console.log(`${DATA_PREFIX}${JSON.stringify(data)}`);
  console.log(
    `\nmedian per-round plain ms per call: ${median(
      results.flatMap((bySubject) =>
        [...bySubject.values()].flatMap((list) => list.map(({ plain }) => perCallMs(plain))),
      ),
    ).toFixed(3)}`,
  );
}

/**
 * One arm alone in this process (`--arms-apart`): per round, two blocks of `calls` calls of it, the
 * round's CPU handed to keyed-cost.ts as `subject` (its `plain`, zero, is not read), which pairs
 * it with the same round of the plain arm's child of the same process round.
 */
async function measureArm(side: Side, arm: string, options: Options): Promise<void> {
  const { rounds, warmup, calls } = options;
  const subjects = arm === 'plain' ? [] : [arm];
  const { plain, subjects: made, close } = await setUp(side, { ...options, subjects }, 0);
  const list: Array<{ subject: Block; plain: Block }> = [];
  const flushesBefore = flushes;
  for (let round = 0; round < warmup + rounds; round++) {
    const run = arm === 'plain' ? plain : made[arm]!(round);
    const first = await block(run, calls, undefined);
    const second = await block(run, calls, undefined);
    if (round < warmup) continue;
    const subject = { user: first.user + second.user, system: first.system + second.system };
    list.push({ subject, plain: { user: 0, system: 0 } });
  }
  close();
  if (flushes > flushesBefore) {
    // On stderr (shown without --verbose): claims per flush at this concurrency.
    const per = (flushes - flushesBefore) / ((warmup + rounds) * 2 * calls);
    console.error(`${arm}: ${per.toFixed(3)} flushes per keyed call`);
  }
  const data: RunData = { calls, sides: [{ label: side.label, subjects: { [arm]: list } }] };
  console.log(`${DATA_PREFIX}${JSON.stringify(data)}`);
}
