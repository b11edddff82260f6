import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { FOREIGN_CONTROLLERS } from '../support/foreign-signal.js';
import { countingClient } from '../support/counting-client.js';

// A signal-like object (a polyfill's, a wrapper's) whose addEventListener throws passed the
// signal check (it says `aborted` and has the methods), then threw its raw error from seatpay's
// following of it: no SeatpayError, and its message printed unhidden (here the client's token).
// Each call now refuses it as a bad `signal`, before anything is sent or recorded.
const TOKEN = 'tok_live_listener_5Rk2';
const ORDER = { service: 'ai-credits', how_many: 2, subscription: 101 };
const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' };
const PURCHASE = { plan: 'team', team_seats: 2, card: CARD, chosen_period: 'MONTH' as const };

const listenersThrow = () =>
  ({
    aborted: false,
    reason: undefined,
    addEventListener() {
      throw new Error(`listener store for ${TOKEN} is closed`);
    },
    removeEventListener() {},
  }) as unknown as AbortSignal;

async function refusedUnsent(call: Promise<unknown>, sent: () => number): Promise<void> {
  const error = await call.then(
    () => expect.unreachable('the call should be refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ field: 'signal' });
  expect(`${inspect(error, { depth: 9 })}${JSON.stringify(error)}`).not.toContain(TOKEN);
  expect(sent()).toBe(0);
}

describe('a signal whose addEventListener throws', () => {
  it('plans.get, a checkout, a keyed checkout, pay.bag: refused, nothing sent or recorded', async () => {
    const { client, sent } = countingClient(TOKEN);
    const journal = memoryJournal();
    await refusedUnsent(client.plans.get('team', { signal: listenersThrow() }), sent);
    await refusedUnsent(client.consumables.checkout(ORDER, { signal: listenersThrow() }), sent);
    const keyed = { ...ORDER, key: 'order-4', journal };
    await refusedUnsent(client.consumables.checkout(keyed, { signal: listenersThrow() }), sent);
    expect(await journal.get('order-4')).toBeUndefined();
    const bag = { token: 'bag_1', chosen_period: 'MONTH' as const };
    await refusedUnsent(client.pay.bag(bag, { signal: listenersThrow() }), sent);
  });

  it("this realm's signal behind a Proxy whose `aborted` throws (a browser's): refused", async () => {
    const { client, sent } = countingClient(TOKEN);
    // A browser's AbortSignal getters throw "Illegal invocation" on a Proxy; `instanceof` passes.
    const signal = new Proxy(new AbortController().signal, {
      get(target, name) {
        if (name === 'aborted') throw new TypeError(`Illegal invocation (${TOKEN})`);
        return Reflect.get(target, name) as unknown;
      },
    });
    await refusedUnsent(client.plans.get('team', { signal }), sent);
    await refusedUnsent(client.consumables.checkout(ORDER, { signal }), sent);
  });

  it('a purchase: refused, nothing sent or recorded', async () => {
    const { client, sent } = countingClient(TOKEN);
    const journal = memoryJournal();
    const order = { ...PURCHASE, key: 'buy-4', journal, signal: listenersThrow() };
    const error = await client.purchase(order).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(`${inspect(error, { depth: 9 })}`).not.toContain(TOKEN);
    expect(sent()).toBe(0);
    expect(await journal.get('buy-4')).toBeUndefined();
  });
});

describe('one long-lived foreign signal over many calls', () => {
  for (const [kind, controller] of FOREIGN_CONTROLLERS) {
    it(`${kind}: no listener left behind per call`, async () => {
      const { signal } = controller();
      let live = 0;
      const add = signal.addEventListener.bind(signal);
      const remove = signal.removeEventListener.bind(signal);
      Object.assign(signal, {
        addEventListener: (...args: Parameters<typeof add>) => (live++, add(...args)),
        removeEventListener: (...args: Parameters<typeof remove>) => (live--, remove(...args)),
      });
      const { client, sent } = countingClient(TOKEN);
      for (let call = 0; call < 300; call++)
        await client.plans.get('team', { signal }).catch(() => undefined); // an answer or not
      expect(sent()).toBe(300);
      expect(live).toBe(0);
    });
  }
});
