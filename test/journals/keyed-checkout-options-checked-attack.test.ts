// redteam34. A keyed checkout took its request options' `totalTimeout` out before the request's
// own check saw it, and started its deadline on it unchecked: `totalTimeout: -1` or `NaN` was a
// TimeoutError at once ("ran out of its NaN ms"), 3e9 ms ran out after 1 ms (Node's timer
// overflow: a checkout sent meanwhile was aborted, its outcome unknown), and `signal: {}` threw a
// raw TypeError with an unhandled rejection besides. A plain checkout refuses each with
// InvalidRequestError: so does a keyed one now, nothing recorded or sent.
// And `client.consumables.consume(service, { key, journal })` from JavaScript used a unit with the
// key read by nothing (a retry used another): refused, as pay.bag's key is since redteam31.
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/mock/index.js';
import { InvalidRequestError, memoryJournal, type RequestOptions } from '../../src/index.js';
import { recordingInMemoryClient } from '../support/recording-in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

async function subscribed(email: string) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email });
  const { client, sent } = recordingInMemoryClient(simulator, user.token);
  const { subscription } = await client.purchase(teamPurchase(1));
  sent.length = 0;
  return { simulator, client, sent, subscription };
}

describe("a keyed checkout's request options are checked as a plain checkout's", () => {
  it.each([
    ['totalTimeout', { totalTimeout: -1 }],
    ['totalTimeout', { totalTimeout: Number.NaN }],
    ['totalTimeout', { totalTimeout: 3_000_000_000 }],
    ['totalTimeout', { totalTimeout: '5000' }],
    ['signal', { signal: {} }],
    ['timeout', { timeout: Infinity }],
  ])('%s of %o: InvalidRequestError, nothing recorded or sent', async (field, options) => {
    const { client, simulator, sent, subscription } = await subscribed('options@example.com');
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
    const error = await client.consumables
      .checkout({ ...order, key: 'topup-1', journal }, options as RequestOptions)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ field });
    expect(sent).toEqual([]);
    expect(await journal.get('topup-1')).toBeUndefined();
    // The same order, its options fixed, buys once.
    await client.consumables.checkout({ ...order, key: 'topup-1', journal });
    expect(simulator.charges.filter((c) => c.kind === 'consumable-checkout')).toHaveLength(1);
  });
});

describe('consumables.consume given a key', () => {
  it.each([
    ['key', { key: 'use-1' }],
    ['journal', { journal: memoryJournal() }],
    ['identity', { identity: 'user-9' }],
  ])('consume(service, { %s }): refused, no unit used', async (field, misplaced) => {
    const { client, sent } = await subscribed('consume-key@example.com');
    const consume = client.consumables.consume as (...args: unknown[]) => Promise<unknown>;
    const error = await consume
      .call(client.consumables, 'ai-credits', misplaced)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ field });
    // It says what to do (review15c: "each call uses a unit" alone did not).
    expect((error as Error).message).toMatch(
      /consumables\.consume.*leave it out.*Nothing was sent/,
    );
    expect(sent).toEqual([]);
    // Without it, the unit is used as before.
    await client.consumables.consume('ai-credits', { key: undefined } as RequestOptions);
    expect(sent).toHaveLength(1);
  });
});
