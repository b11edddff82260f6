import { describe, expect, it } from 'vitest';
import { localStorageJournal, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { webStorage } from '../support/web-storage.js';
import { teamOwner } from '../support/team-owner.js';

// A lost answer fails the call as one (a bare toThrow() also passed a refusal sending nothing).
const ANSWER_LOST = { name: 'ConnectionError', mayHaveBeenProcessed: true };

// Reconcile and settle through every journal seatpay ships (PostgreSQL's in
// postgres-journal.full.test.ts): a checkout whose answer was lost is reconciled to charged and
// replayed, never bought again; one settled as not charged buys once more.

const CHECKOUT = 'POST /v2/payments/consumable/checkout';
const server = useMockServer({ subscriptionDelayMs: 10 });
const folder = useTempFolder('seatpay-each-journal-');
let users = 0;

describe.each([
  ['memoryJournal', () => memoryJournal()],
  ['localStorageJournal', () => localStorageJournal({ storage: webStorage() })],
  ['fileJournal', () => fileJournal(folder.in(`journal-${++users}.db`))],
])('%s', (_name, make: () => PurchaseJournal) => {
  it('a lost checkout reconciled to charged and replayed; one settled not charged buys again', async () => {
    const {
      client,
      subscription,
      checkouts: bought,
    } = await teamOwner(server(), `each-${++users}@example.com`);
    const journal = make();
    const order = { service: 'ai-credits', how_many: 4, subscription, journal };
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after', times: 1 });
    await expect(client.consumables.checkout({ ...order, key: 'lost' })).rejects.toMatchObject(
      ANSWER_LOST,
    );
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-before', times: 1 });
    const other = { ...order, how_many: 6, key: 'never-sent' };
    await expect(client.consumables.checkout(other)).rejects.toMatchObject(ANSWER_LOST);
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
