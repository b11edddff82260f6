// A purchase paid whose wait ran out (the card WAS charged), given a key and no journal, said "run
// the purchase again with the key "k" to finish it, never paying twice" (newuser14): the key is in
// the client's memory journal, so a re-run after a restart (a new client) paid a second time. With
// a journal of the caller's, the advice stays as it was. docs/purchases.md's table said "run it
// again with the same `key` to finish" with no word of where the key is (newuser15): it says so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryJournal, PurchaseError } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { GOOD_CARD } from '../support/team-purchase.js';

function paidButNeverListed() {
  const simulator = createSimulator({ subscriptionDelayMs: 0 });
  simulator.faults.inject({
    route: 'GET /v1/payments/me/subscription',
    kind: 'status',
    status: 200,
    body: { subscriptions: [] },
    times: Infinity,
  });
  return simulator;
}

const order = {
  plan: 'team-per-seat',
  team_seats: 2,
  card: GOOD_CARD,
  chosen_period: 'MONTH',
  key: 'order-1',
  pollInterval: 5,
  waitTimeout: 30,
} as const;

describe('a keyed purchase paid whose wait ran out', () => {
  it('with no journal: the re-run it advises is from this client (a new one pays again)', async () => {
    const simulator = paidButNeverListed();
    const token = simulator.users.owner.token;
    const error = await inMemoryClient(simulator, token)
      .purchase(order)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PurchaseError);
    expect((error as PurchaseError).charged).toBe('yes');
    expect((error as PurchaseError).message).toMatch(
      /run the purchase again with the key "order-1" to finish it, never paying twice \(from this client: the key is in its memory journal, so after a restart the subscription it paid for appears by itself: client\.subscriptions\.waitFor\(\)\)$/,
    );
    // Why: a new client (a restart) has an empty memory journal, and the re-run pays again.
    simulator.faults.clear();
    await inMemoryClient(simulator, token).purchase(order);
    expect(simulator.charges).toHaveLength(2);
    // As docs/purchases.md now tells, beside its table of what to do.
    const page = readFileSync(new URL('../../docs/purchases.md', import.meta.url), 'utf8');
    expect(page.replace(/\s+/g, ' ')).toMatch(
      /for a `key` given without a `journal`, the same client \(its memory journal\)\. After a restart such a key is unknown to the new client, and a re-run with it pays again: wait for the subscription instead \(`client\.subscriptions\.waitFor\(\)`/,
    );
  });

  it('with a journal given: the advice is the re-run with the key alone', async () => {
    const simulator = paidButNeverListed();
    const client = inMemoryClient(simulator, simulator.users.owner.token);
    const error = await client
      .purchase({ ...order, journal: memoryJournal() })
      .catch((e: unknown) => e);
    expect((error as PurchaseError).message).toMatch(
      /run the purchase again with the key "order-1" to finish it, never paying twice$/,
    );
  });
});
