// An option purchase() does not read, given from JavaScript where TypeScript would refuse it:
// `timeout: 0` was ignored and the purchase paid in full (loose15), in its options or as a second
// argument (purchase takes one). Refused before anything is sent, naming the option meant.
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, type PurchaseOptions } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';
import { watchedSimulator } from '../support/watched-simulator.js';

/** The owner's client on a fresh simulator, the requests it receives and the charges made. */
function owner() {
  const watched = watchedSimulator(createSimulator({ subscriptionDelayMs: 10 }));
  const arrived: string[] = [];
  watched.onArrival((route) => arrived.push(route));
  const { simulator } = watched;
  const client = inMemoryClient(simulator, simulator.users.owner.token);
  const purchase = client.purchase.bind(client) as (...args: unknown[]) => Promise<unknown>;
  return { client, purchase, arrived, charges: () => simulator.charges.length };
}

/**
 * `purchase(...args)` on a fresh owner's client: the InvalidRequestError it rejects with, once it
 * is known that its message ends saying nothing was sent, nothing arrived and nothing was charged.
 */
async function refused(...args: unknown[]): Promise<InvalidRequestError> {
  const { purchase, arrived, charges } = owner();
  const error = await purchase(...args).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect((error as Error).message).toMatch(/Nothing was sent$/);
  expect(arrived).toEqual([]);
  expect(charges()).toBe(0);
  return error as InvalidRequestError;
}

describe('purchase() with an option it does not read', () => {
  it.each([
    ['timeout', 0, /`timeout` is no option of purchase: give `totalTimeout`/],
    ['planSlug', 'team-per-seat', /`planSlug` is no option of purchase: its options are plan, /],
  ])(
    '%s: InvalidRequestError naming it, nothing sent, nothing charged',
    async (name, value, says) => {
      const error = await refused({ ...PER_SEAT_PURCHASE, [name]: value } as PurchaseOptions);
      expect(error).toMatchObject({ field: name, message: expect.stringMatching(says) });
    },
  );

  it('one left undefined (a wrapper spread it) is no option given: the purchase runs', async () => {
    const { client, charges } = owner();
    const options = { ...PER_SEAT_PURCHASE, timeout: undefined } as PurchaseOptions;
    const { subscription } = await client.purchase(options);
    expect(subscription.id).toBeGreaterThan(0);
    expect(charges()).toBe(1);
  });

  it.each([
    ['timeout', { timeout: 0 }],
    ['totalTimeout', { totalTimeout: 5_000 }],
  ])(
    'a second argument (%s): InvalidRequestError naming it, nothing sent, nothing charged',
    async (name, second) => {
      const error = await refused(PER_SEAT_PURCHASE, second);
      expect(error).toMatchObject({ field: name });
      expect(error.message).toMatch(
        new RegExp(`^\`${name}\` in purchase's second argument is read by nothing: .*totalTimeout`),
      );
    },
  );

  it.each([
    ['null', null],
    ['number', 5_000],
    ['string', 'sk_live_not_quoted'],
  ])(
    'a second argument that is no options (%s): told as what it is, never quoted, nothing sent',
    async (what, second) => {
      const error = await refused(PER_SEAT_PURCHASE, second);
      expect(error).toMatchObject({ field: what });
      expect(error.message).toBe(
        `purchase's second argument (${what}) is read by nothing: purchase takes one argument, give \`totalTimeout\`, \`waitTimeout\` or \`signal\` in it. Nothing was sent`,
      );
    },
  );

  // Its message is in the purchase's chunk (size16): the same error still comes first, before the
  // first argument's keyless journal and before a signal that has fired.
  it('a second argument is refused before a keyless journal, or a fired signal', async () => {
    const keyless = { ...PER_SEAT_PURCHASE, identity: 'user-1' };
    const aborted = { ...PER_SEAT_PURCHASE, signal: AbortSignal.abort() };
    for (const options of [keyless, aborted]) {
      const error = await refused(options, { timeout: 0 });
      expect(error).toMatchObject({ field: 'timeout' });
      expect(error.message).toMatch(/^`timeout` in purchase's second argument/);
    }
  });

  it('a second argument of undefined or {} (nothing given): the purchase runs', async () => {
    const { purchase, charges } = owner();
    await purchase(PER_SEAT_PURCHASE, undefined);
    await purchase({ ...PER_SEAT_PURCHASE, exclude: undefined }, {});
    expect(charges()).toBe(2);
  });
});
