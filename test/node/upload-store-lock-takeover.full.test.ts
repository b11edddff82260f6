// Two uploads of one resume key find the same abandoned lock (its process is gone) in a
// `fileUploadStore` folder and both take it over. At most one may hold the lock afterwards, in
// whatever order their file operations land: two holders would resume one upload twice at once
// (chunks sent twice, one's record written over the other's progress). The order is driven, not
// timed: every file operation of the two contenders waits in a queue, and the test lets them
// through one at a time in an order a seeded random draw picks, many orders in all (among them
// the one that broke it: the second's read of the abandoned lock done before the first's takeover,
// its removal after the first made its own lock).
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { seededRandom } from '../../src/mock/index.js';
import { fileUploadStore } from '../../src/node.js';

/** Which contender a file operation belongs to: none for the test's own. */
const contender = new AsyncLocalStorage<string>();
/** A contender's next file operation, held until the test lets it through. */
const held = new Map<string, () => void>();
/** Told when a contender queues an operation or settles. */
const listeners = new Map<string, () => void>();
/** `link` fails as on a file system with no hard links (FAT, some network shares). */
let filesWithoutHardLinks = false;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  const queued = Object.fromEntries(
    Object.entries(real).map(([name, value]) => {
      if (typeof value !== 'function') return [name, value];
      const original = value as (...args: unknown[]) => Promise<unknown>;
      const run = (...args: unknown[]) =>
        name === 'link' && filesWithoutHardLinks
          ? Promise.reject(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }))
          : original(...args);
      const wrapped = (...args: unknown[]) => {
        const who = contender.getStore();
        if (who === undefined) return run(...args);
        return new Promise((resolve, reject) => {
          held.set(who, () => void run(...args).then(resolve, reject));
          listeners.get(who)?.();
        });
      };
      return [name, wrapped];
    }),
  );
  return { ...queued, default: queued };
});

let root: string;
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-takeover-'))));
afterAll(() => rm(root, { recursive: true, force: true }));

/**
 * Hundreds of driven orders of real file operations: seconds alone, but a minute beside the
 * fleet tests on two loaded cores. A hang guard, not a budget: the orders are driven, not timed.
 */
const ORDERS_TIMEOUT = 300_000;

/** A lock of another machine, older than any record lives: abandoned. */
const ABANDONED = JSON.stringify({ pid: 1, host: 'a-machine-long-gone.invalid', at: 0 });

/**
 * Runs `names` contenders' `lock(key)` on one folder whose lock for `key` is abandoned, their file
 * operations let through one at a time in the order `random` picks. Resolves with what each got.
 */
async function takeOverAtOnce(dir: string, names: string[], random: () => number) {
  const key = 'one-upload';
  // The lock's file, found as a user would: take the lock, then leave it behind as a crash would.
  const first = fileUploadStore(dir);
  expect(await first.lock!(key)).toBeTypeOf('function');
  const [lockName] = (await readdir(dir)).filter((name) => name.endsWith('.lock'));
  await writeFile(join(dir, lockName!), ABANDONED);

  const settled = new Set<string>();
  const runs = names.map((name) => {
    const run = contender.run(name, () => fileUploadStore(dir).lock!(key));
    return run.finally(() => {
      settled.add(name);
      listeners.get(name)?.();
    });
  });
  // Each contender's first operation is queued as its call starts.
  for (;;) {
    const ready = names.filter((name) => held.has(name));
    if (ready.length === 0) break;
    const next = ready[Math.floor(random() * ready.length)]!;
    const release = held.get(next)!;
    held.delete(next);
    // Its next step is either its next operation or its answer: waited for, then the next pick.
    const moved = new Promise<void>((resolve) => listeners.set(next, resolve));
    release();
    await moved;
    listeners.delete(next);
  }
  expect(settled.size).toBe(names.length);
  return { releases: await Promise.all(runs), lockName: lockName! };
}

it(
  'two takeovers of one abandoned lock, in 300 orders of their file operations: one holds it, the other is told it is held',
  async () => {
    const holders: number[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const dir = join(root, `seed-${seed}`);
      const { releases } = await takeOverAtOnce(dir, ['first', 'second'], seededRandom(seed));
      const holding = releases.filter((release) => release !== undefined);
      holders.push(holding.length);
      for (const release of holding) await release!();
      // Let go, it can be taken again at once, and nothing of the takeover is left in the folder.
      const again = await fileUploadStore(dir).lock!('one-upload');
      expect(again, `seed ${seed}`).toBeTypeOf('function');
      await again!();
      expect(await readdir(dir), `seed ${seed}`).toEqual([]);
    }
    // Exactly one holder in every order (never two, never none).
    expect(holders.filter((count) => count !== 1)).toEqual([]);
  },
  ORDERS_TIMEOUT,
);

it(
  'three takeovers at once, in 100 orders: still one holder',
  async () => {
    for (let seed = 1; seed <= 100; seed++) {
      const dir = join(root, `three-${seed}`);
      const { releases } = await takeOverAtOnce(dir, ['a', 'b', 'c'], seededRandom(1000 + seed));
      const holding = releases.filter((release) => release !== undefined);
      expect(holding.length, `seed ${seed}`).toBe(1);
      await holding[0]!();
    }
  },
  ORDERS_TIMEOUT,
);

it(
  'on a file system without hard links, two takeovers in 100 orders: still one holder',
  async () => {
    filesWithoutHardLinks = true;
    try {
      for (let seed = 1; seed <= 100; seed++) {
        const dir = join(root, `no-links-${seed}`);
        const { releases } = await takeOverAtOnce(
          dir,
          ['first', 'second'],
          seededRandom(2000 + seed),
        );
        const holding = releases.filter((release) => release !== undefined);
        expect(holding.length, `seed ${seed}`).toBe(1);
        await holding[0]!();
        expect(await readdir(dir), `seed ${seed}`).toEqual([]);
      }
    } finally {
      filesWithoutHardLinks = false;
    }
  },
  ORDERS_TIMEOUT,
);
