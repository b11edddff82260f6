// `exclude` holds the ids listed before paying, compared as they are with the listing's ids
// (numbers). Ids read back as text (node-postgres gives a bigint column as a string) or as BigInt
// excluded nothing: waitFor took the subscription that existed before paying for the new one, and
// purchase() paid and then resolved with that old subscription. Such ids are refused now, before
// anything is sent.
import { afterEach, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { teamOwner } from '../support/team-owner.js';

const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' };

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server?.simulator.close();
});

it.each([
  ['as text', (id: number): unknown => String(id), 'item 0 is string'],
  ['as a BigInt', (id: number): unknown => BigInt(id), 'item 0 is bigint'],
  ['as a fraction', (id: number): unknown => id + 0.5, 'item 0 is the number'],
])('ids %s in exclude are refused before anything is sent', async (_, as, said) => {
  server = await startMockServer({ simulator: createSimulator({ subscriptionDelayMs: 10 }) });
  const { client, subscription, owner } = await teamOwner(server, 'text-ids@example.com');
  // An array, as purchase() takes it (waitFor takes any iterable).
  const exclude = [as(subscription)] as number[];
  const charges = () => server!.simulator.charges.filter((c) => c.user === owner.id).length;
  const chargesBefore = charges();

  const waited = client.subscriptions.waitFor({ exclude, timeout: 200, interval: 5 });
  await expect(waited).rejects.toBeInstanceOf(InvalidRequestError);
  await expect(waited).rejects.toThrow(said);

  const bought = client.purchase({
    plan: 'team-per-seat',
    team_seats: 2,
    card: CARD,
    chosen_period: 'MONTH',
    pollInterval: 5,
    exclude,
  });
  await expect(bought).rejects.toBeInstanceOf(InvalidRequestError);
  expect(charges()).toBe(chargesBefore);
});

it('a generator of exactly 1,000,000 integer ids is read whole and excludes them', async () => {
  server = await startMockServer({ simulator: createSimulator({ subscriptionDelayMs: 10 }) });
  const { client, subscription } = await teamOwner(server, 'many-ids@example.com');
  function* ids(): Generator<number> {
    for (let id = 1; id < 1_000_000; id++) if (id !== subscription) yield id;
    yield subscription;
    yield 2_000_000; // the 1,000,000th id (the subscription's own was left out above)
  }
  const waited = client.subscriptions.waitFor({ exclude: ids(), timeout: 50, interval: 5 });
  // Its one subscription is excluded: nothing new appears, and the wait times out.
  await expect(waited).rejects.toMatchObject({ name: 'SubscriptionTimeoutError' });
});
