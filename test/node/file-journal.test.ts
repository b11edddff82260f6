import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  localStorageJournal,
  memoryJournal,
  SeatpayError,
  type PurchaseRecord,
} from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { useJournalFolder } from '../support/file-journal-folder.js';

// The journals purchase() records into: claims are exclusive, writes atomic, locks survive crashes.
// The file journals are closed after each test: one left open had its log file closed by the
// garbage collector, with Node's warning (DEP0137), in a later file of the same worker.
const folder = useJournalFolder('seatpay-journal-');

const record = (stage: PurchaseRecord['stage']): PurchaseRecord =>
  ({
    stage,
    charged: 'unknown',
    plan: { id: 1, slug: 'personal' },
    preview: {},
    bag: { id: 7, token: 'bag-token' },
    exclude: [3],
    updatedAt: new Date(0).toISOString(),
  }) as PurchaseRecord;

/** The two Web Storage methods a journal uses, over a Map (Node has no localStorage by default). */
function webStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

describe.each([
  ['memoryJournal', () => memoryJournal()],
  ['localStorageJournal', () => localStorageJournal({ storage: webStorage() })],
  ['fileJournal', () => folder.journalAt(join(folder.dir, 'purchases.json'))],
])('%s', (_name, make) => {
  it('claims a key once; get returns what set stored', async () => {
    const journal = make();
    expect(await journal.get('order-1')).toBeUndefined();
    expect(await journal.claim!('order-1', record('paying'))).toBe(true);
    expect(await journal.claim!('order-1', record('paying'))).toBe(false);
    await journal.set('order-1', record('done'));
    expect(await journal.get('order-1')).toMatchObject({ stage: 'done', bag: { id: 7 } });
  });
});

describe('fileJournal', () => {
  const path = () => join(folder.dir, 'purchases.json');

  it('twenty claims of one key at once, from two journals on the same file: exactly one wins', async () => {
    const [a, b] = [folder.journalAt(path()), folder.journalAt(path())];
    const wins = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).claim!('order-x', record('paying'))),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    // One database (and SQLite's write-ahead log beside it while open): no lock or temp file.
    expect((await readdir(folder.dir)).sort()).toEqual([
      'purchases.json',
      'purchases.json-shm',
      'purchases.json-wal',
    ]);
  });

  it('refuses a damaged file with a typed error rather than starting afresh', async () => {
    await writeFile(path(), '{"order-z": {"stage": "pay');
    await expect(fileJournal(path()).get('order-z')).rejects.toBeInstanceOf(SeatpayError);
    await expect(fileJournal(path()).claim!('order-z', record('paying'))).rejects.toThrow(
      /not JSON/,
    );
  });
});
