import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { teamPurchase } from '../support/team-purchase.js';

// redteam43: an AbortSignal given where the options go was refused (redteam40) only when it was
// this realm's: `instanceof AbortSignal` misses another realm's (an iframe's, a `node:vm`
// context's) and a polyfill's. Such a signal has no field of its own, so it was read as options
// naming nothing: aborted, it stopped nothing, and the order paid (a keyed one was recorded paid).

/** A polyfill's signal (as the `abort-controller` package makes one): aborted already. */
class PolyfillSignal extends EventTarget {
  get aborted() {
    return true;
  }
  get reason() {
    return new Error('the caller stopped');
  }
  get [Symbol.toStringTag]() {
    return 'AbortSignal';
  }
}

/** Another realm's object shaped like an aborted signal (its prototype is not this realm's). */
const otherRealmSignal = (): unknown =>
  runInNewContext(
    '({ aborted: true, reason: "stopped", addEventListener() {}, removeEventListener() {} })',
  );

const signals: [string, () => unknown][] = [
  ['a polyfill', () => new PolyfillSignal()],
  ["another realm's", otherRealmSignal],
];

type Loose = (...args: unknown[]) => Promise<unknown>;

it.each(signals)(
  "%s AbortSignal as a money call's options is refused, nothing recorded or sent",
  async (what, signal) => {
    const { client, order, charges, gate } = await inMemorySubscriber(`fs-${what}@example.com`);
    const checkout = client.consumables.checkout.bind(client.consumables) as Loose;
    const consume = client.consumables.consume.bind(client.consumables) as Loose;
    const bag = client.pay.bag.bind(client.pay) as Loose;
    const journal = memoryJournal();
    const refusals = [
      await checkout(order, signal()).catch((e: unknown) => e),
      await checkout({ ...order, key: 'fs-1', journal }, signal()).catch((e: unknown) => e),
      await consume('ai-credits', signal()).catch((e: unknown) => e),
      await bag({ token: 'bag-token', chosen_period: 'MONTH' }, signal()).catch((e: unknown) => e),
    ];
    for (const refused of refusals) {
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field: 'options', mayHaveBeenProcessed: false });
      expect(String(refused)).toContain('a signal goes in it: `{ signal }`');
    }
    expect(await journal.get('fs-1')).toBeUndefined();
    expect(gate.sent()).toBe(0);
    expect(charges()).toBe(0);
  },
);

it.each(signals)(
  "%s AbortSignal as purchase's second argument or as withOptions' changes is refused",
  async (what, signal) => {
    const { client, simulator } = await inMemorySubscriber(`fs-buy-${what}@example.com`);
    const paid = simulator.charges.length;
    const purchase = client.purchase.bind(client) as Loose;
    const refused = await purchase(teamPurchase(1), signal()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'signal' });
    expect(String(refused)).toContain("purchase's second argument (an AbortSignal)");
    expect(simulator.charges.length).toBe(paid);
    const withOptions = client.withOptions.bind(client) as (changes: unknown) => unknown;
    expect(() => withOptions(signal())).toThrow(InvalidRequestError);
    expect(() => withOptions(signal())).toThrow('`signal` is no client option');
  },
);
