import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, JournalError, type JournalRecord } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { fileJournal as fileJournal010 } from '../../bench/baseline/file-journal-0.1.0.js';

// fileJournal is an SQLite database now. A journal file written by 0.1.0 (one JSON object) is
// carried over on first use and never rewritten: 0.1.0's own code still reads it as it left it.
// Records can be listed a page at a time and pruned by age, never one whose outcome is unknown.

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-migrate-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

const at = (iso: string) => ({ updatedAt: iso });
const checkout = (stage: 'sending' | 'done' | 'refused', updatedAt: string): JournalRecord => ({
  kind: 'checkout',
  stage,
  charged: stage === 'done' ? 'yes' : stage === 'refused' ? 'no' : 'unknown',
  params: { service: 'ai-credits', how_many: 5, subscription: 7 },
  ...at(updatedAt),
});

describe('a 0.1.0 journal file', () => {
  it('is carried over on first use, left byte for byte as 0.1.0 wrote it, and still read by 0.1.0', async () => {
    const path = join(dir, 'purchases.json');
    const old = fileJournal010(path);
    await old.set('paid-1', checkout('done', '2026-01-01T00:00:00.000Z'));
    await old.set('lost-1', checkout('sending', '2026-01-02T00:00:00.000Z'));
    await old.set('__proto__', checkout('done', '2026-01-03T00:00:00.000Z'));
    const written = await readFile(path);

    const journal = fileJournal(path);
    expect(await journal.get('paid-1')).toMatchObject({ stage: 'done' });
    expect(await journal.claim!('lost-1', checkout('sending', new Date().toISOString()))).toBe(
      false,
    );
    expect(await journal.claim!('new-1', checkout('sending', new Date().toISOString()))).toBe(true);
    expect((await journal.list!()).map((entry) => entry.key)).toEqual([
      '__proto__',
      'lost-1',
      'new-1',
      'paid-1',
    ]);
    journal.close();
    expect(await readFile(path)).toEqual(written);
    expect(await fileJournal010(path).get('lost-1')).toMatchObject({ stage: 'sending' });
    expect(
      (await readdir(dir)).filter((name) => !name.endsWith('-wal') && !name.endsWith('-shm')),
    ).toEqual(['purchases.json', 'purchases.json.sqlite']);
  });

  it('written again by 0.1.0 after the move: its new keys are carried over on the next open', async () => {
    const path = join(dir, 'orders.json');
    await fileJournal010(path).set('a', checkout('done', '2026-01-01T00:00:00.000Z'));
    const first = fileJournal(path);
    await first.set('a', checkout('done', '2026-02-01T00:00:00.000Z'));
    first.close();
    await fileJournal010(path).set('b', checkout('sending', '2026-01-05T00:00:00.000Z'));
    const second = fileJournal(path);
    expect(await second.get('b')).toMatchObject({ stage: 'sending' });
    // A key the database holds already keeps the database's record.
    expect(await second.get('a')).toMatchObject(at('2026-02-01T00:00:00.000Z'));
    second.close();
  });

  it('damaged: a JournalError naming it, nothing created beside it', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{"a": {"stage": "do');
    await expect(fileJournal(path).get('a')).rejects.toThrow(JournalError);
    expect(await readdir(dir)).toEqual(['broken.json']);
  });
});

describe('fileJournal list and prune', () => {
  it('lists a page at a time in key order, and prunes only settled records older than the date', async () => {
    const journal = fileJournal(join(dir, 'journal.db'));
    const old = '2025-01-01T00:00:00.000Z';
    await journal.set('k3', checkout('done', old));
    await journal.set('k1', checkout('sending', old)); // unknown: never pruned
    await journal.set('k2', checkout('refused', old));
    await journal.set('k4', checkout('done', '2026-06-01T00:00:00.000Z')); // too recent
    const settledByOperator = checkout('sending', old);
    await journal.set('k5', {
      ...settledByOperator,
      charged: 'yes',
      settled: { charged: 'yes', at: old, reason: 'statement', by: 'operator' },
    });
    expect((await journal.list!({ limit: 2 })).map((entry) => entry.key)).toEqual(['k1', 'k2']);
    expect((await journal.list!({ after: 'k2', limit: 2 })).map((entry) => entry.key)).toEqual([
      'k3',
      'k4',
    ]);
    expect(await journal.prune!(new Date('2026-01-01T00:00:00.000Z'))).toBe(3);
    expect((await journal.list!()).map((entry) => entry.key)).toEqual(['k1', 'k4']);
    await journal.delete!('k4');
    expect(await journal.get('k4')).toBeUndefined();
    journal.close();
  });

  it('client.journal lists, settles and prunes through it', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', token: 't', logLevel: 'off' });
    const journal = fileJournal(join(dir, 'client.db'));
    await journal.set('lost', checkout('sending', '2025-01-01T00:00:00.000Z'));
    expect(await client.journal.list({ journal, stage: 'sending' })).toMatchObject([
      { key: 'lost', kind: 'checkout', charged: 'unknown' },
    ]);
    await client.journal.settle('lost', { journal, charged: 'no', reason: 'refunded' });
    // Settled just now: a cut-off a minute ahead takes it (the same millisecond would not).
    const olderThan = new Date(Date.now() + 60_000);
    expect(await client.journal.prune({ journal, olderThan })).toBe(1);
    expect(await client.journal.list({ journal })).toEqual([]);
    journal.close();
  });
});
