import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileJournal } from '../../src/node.js';
import { PAYING_RECORD } from './support/paying-record.js';

// A fileJournal given a relative path opened its file only at its first use, and again at the
// first use after close(): a working directory changed before that sent the journal to another
// folder's file of the same name, where its records are not (a keyed call there pays again), and
// its decisions took turns with those of the file it was named after (decision-turns.ts).
let dir: string;
const cwd = process.cwd();
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'seatpay-chdir-uses-')));
  await mkdir(join(dir, 'here'));
  await mkdir(join(dir, 'elsewhere'));
  process.chdir(join(dir, 'here'));
});
afterEach(async () => {
  process.chdir(cwd);
  await rm(dir, { recursive: true, force: true });
});

describe('fileJournal with a relative path, the working directory changed between its uses', () => {
  it('closed, then used again: still its own file, its records there', async () => {
    const journal = fileJournal('orders.db');
    expect(await journal.claim!('order-1', PAYING_RECORD)).toBe(true);
    journal.close();
    process.chdir(join(dir, 'elsewhere'));
    expect(await journal.get('order-1')).toMatchObject({ stage: PAYING_RECORD.stage });
    expect(await journal.claim!('order-1', PAYING_RECORD)).toBe(false);
    journal.close();
  });

  it('made, then first used: the file of the folder it was made in', async () => {
    const journal = fileJournal('orders.db');
    process.chdir(join(dir, 'elsewhere'));
    expect(await journal.claim!('order-2', PAYING_RECORD)).toBe(true);
    journal.close();
    const there = fileJournal(join(dir, 'here', 'orders.db'));
    expect(await there.get('order-2')).toMatchObject({ stage: PAYING_RECORD.stage });
    there.close();
  });
});
