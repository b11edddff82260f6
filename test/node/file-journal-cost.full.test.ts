import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JournalRecord } from '../../src/index.js';
import { fileJournal, type FileJournal } from '../../src/node.js';

// The cost of a keyed call's journal work (get + claim + set) in fileJournal does not grow with
// the records held: 100,000 records against 1,000, measured interleaved key by key (so that the
// machine's load weighs on both alike) and compared by the median. BENCHMARKS.md has the figures;
// this bound is loose (3x; the target there is 1.5x) so that it holds on a loaded machine, while
// the 0.1.0 journal (the whole file rewritten per write) was over 100x at these sizes.

const record = (stage: 'sending' | 'done'): JournalRecord => ({
  kind: 'checkout',
  stage,
  charged: stage === 'done' ? 'yes' : 'unknown',
  params: { service: 'ai-credits', how_many: 5, subscription: 7 },
  updatedAt: new Date().toISOString(),
});

let dir: string;
const journals: FileJournal[] = [];

/** A journal holding `size` records, filled as a 0.1.0 file carried over (one transaction). */
async function filled(size: number): Promise<FileJournal> {
  const path = join(dir, `journal-${size}.json`);
  const records = Object.fromEntries(
    Array.from({ length: size }, (_, i) => [`order-${i}`, record('done')]),
  );
  await writeFile(path, JSON.stringify(records));
  const journal = fileJournal(path);
  expect(await journal.get(`order-${size - 1}`)).toMatchObject({ stage: 'done' });
  journals.push(journal);
  return journal;
}

beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-cost-'))));
afterAll(async () => {
  for (const journal of journals) journal.close();
  await rm(dir, { recursive: true, force: true });
});

async function once(journal: FileJournal, key: string): Promise<number> {
  const started = performance.now();
  await journal.get(key);
  expect(await journal.claim!(key, record('sending'))).toBe(true);
  await journal.set(key, record('done'));
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

it('get + claim + set with 100,000 records costs about what it costs with 1,000', async () => {
  const small = await filled(1_000);
  const large = await filled(100_000);
  const times = { small: [] as number[], large: [] as number[] };
  for (let i = 0; i < 150; i++) {
    times.small.push(await once(small, `new-${i}`));
    times.large.push(await once(large, `new-${i}`));
  }
  const ratio = median(times.large) / median(times.small);
  console.log(
    `fileJournal per key: 1k ${median(times.small).toFixed(2)} ms, 100k ${median(times.large).toFixed(2)} ms (x${ratio.toFixed(2)})`,
  );
  expect(ratio).toBeLessThan(3);
}, 300_000);
