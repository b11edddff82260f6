import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorageJournal, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { webStorage } from './support/web-storage.js';
import { teamOwner } from '../support/team-owner.js';

// Reconcile and settle through every journal seatpay ships (PostgreSQL's in
// postgres-journal.full.test.ts): a checkout whose answer was lost is reconciled to charged and
// replayed, never bought again; one settled as not charged buys once more.

const CHECKOUT = 'POST /v2/payments/consumable/checkout';
let server: MockServer;
let dir: string;
let users = 0;

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 10 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-each-journal-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['memoryJournal', () => memoryJournal()],
  ['localStorageJournal', () => localStorageJournal({ storage: webStorage() })],
  ['fileJournal', () => fileJournal(join(dir, `journal-${++users}.db`))],
])('%s', (_name, make: () => PurchaseJournal) => {
  it('a lost checkout reconciled to charged and replayed; one settled not charged buys again', async () => {
    const {
      client,
      subscription,
      checkouts: bought,
    } = await teamOwner(server, `each-${++users}@example.com`);
    const journal = make();
    const order = { service: 'ai-credits', how_many: 4, subscription, journal };
    server.simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after', times: 1 });
    await expect(client.consumables.checkout({ ...order, key: 'lost' })).rejects.toThrow();
    server.simulator.faults.inject({ route: CHECKOUT, kind: 'reset-before', times: 1 });
    const other = { ...order, how_many: 6, key: 'never-sent' };
    await expect(client.consumables.checkout(other)).rejects.toThrow();
    expect(bought()).toBe(1);

    expect(await client.journal.reconcile('lost', { journal })).toMatchObject({ charged: 'yes' });
    await client.consumables.checkout({ ...order, key: 'lost' });
    expect(await client.journal.reconcile('never-sent', { journal })).toMatchObject({
      charged: 'unknown',
    });
    await client.journal.settle('never-sent', { journal, charged: 'no', reason: 'reset before' });
    await client.consumables.checkout(other);
    expect(bought()).toBe(2);
    expect(await client.journal.list({ journal })).toMatchObject([
      { key: 'lost', charged: 'yes', settled: { by: 'service' } },
      { key: 'never-sent', stage: 'done', charged: 'yes' },
    ]);
  });
});
