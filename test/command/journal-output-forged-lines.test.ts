import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRecord } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { runInProcess } from './run-in-process.js';

// A journal's keys are written by any program on the SDK, where a key is any string: one built
// from a customer's order id can hold a line break or a tab. `seatpay journal list` and
// `reconcile` print keys an operator reads to decide what to settle: such a key must not forge a
// line ("done, charged yes" for a key that is not) nor a column. No service runs: nothing here
// sends (reconcile of a finished key only reads the journal).

const SERVICE = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'tok-secret-1234' };
const FORGED = 'forged-9\tcheckout\tdone\tcharged yes\t2026-11-29T00:00:00.000Z';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-journal-forged-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A journal holding one finished checkout under `key`, as a program on the SDK leaves it. */
async function journalWith(name: string, key: string): Promise<string> {
  const path = join(dir, name);
  const record: CheckoutRecord = {
    kind: 'checkout',
    stage: 'done',
    charged: 'yes',
    params: { service: 'ai-credits', how_many: 2, subscription: 7 },
    updatedAt: '2026-11-28T16:51:47.414Z',
  };
  const journal = fileJournal(path);
  await journal.set(key, record);
  journal.close();
  return path;
}

describe('journal output and keys with line breaks', () => {
  it('journal list prints one line per key, its line breaks and tabs escaped', async () => {
    const key = `order-1\n${FORGED}`;
    const path = await journalWith('list.db', key);
    const ran = await runInProcess(['journal', 'list', '--journal', path], {});
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^order-1\\u\{a\}forged-9\\u\{9\}checkout/);
    // Five columns, as for any key: key, kind, stage, charged, written at.
    expect(lines[0]!.split('\t')).toHaveLength(5);
    // --json stays the way to read the key back exactly.
    const json = await runInProcess(['journal', 'list', '--journal', path, '--json'], {});
    expect(JSON.parse(json.stdout.trim()).key).toBe(key);
  });

  it('journal reconcile prints its answer on one line', async () => {
    const key = `order-2\n${FORGED}`;
    const path = await journalWith('reconcile.db', key);
    const ran = await runInProcess(['journal', 'reconcile', key, '--journal', path], SERVICE);
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^order-2\\u\{a\}forged-9\\u\{9\}checkout.*: charged yes \(/);
  });
});
