import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal, SeatpayError } from '../../src/index.js';
import { countingClient } from '../support/counting-client.js';

// A getter of the caller's that throws as a money call reads its order or options (a config
// object whose lazy field is not set up yet, a Proxy) used to escape as that raw TypeError,
// thrown synchronously by checkout, purchase and consume: not a SeatpayError, no word of what to
// do or that nothing was sent. Each is now an InvalidRequestError, nothing sent or recorded.
const TOKEN = 'tok_live_getter_7Qw9';
const ORDER = { service: 'ai-credits', how_many: 2, subscription: 101 };
const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' };
const PURCHASE = { plan: 'team', team_seats: 2, card: CARD, chosen_period: 'MONTH' };

function throwingAt<T extends object>(base: T, name: string): T {
  return Object.defineProperty({ ...base }, name, {
    enumerable: true,
    get() {
      throw new TypeError(`config for ${TOKEN} not loaded (${name})`);
    },
  });
}

/** Runs `call` (which must not throw synchronously) and checks what a user sees of its refusal. */
async function refusedUnsent(call: () => Promise<unknown>, sent: () => number): Promise<void> {
  let started: Promise<unknown> | undefined;
  expect(() => (started = call())).not.toThrow();
  const error = await started!.then(
    () => expect.unreachable('the call should be refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SeatpayError);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect((error as Error).message).toMatch(/getter .*give plain values\. Nothing was sent/);
  // What the getter threw is the cause, the client's token hidden in it.
  const printed = `${inspect(error, { depth: 9 })}\n${JSON.stringify(error)}`;
  expect(printed).toContain('not loaded');
  expect(printed).not.toContain(TOKEN);
  expect(sent()).toBe(0);
}

describe("a getter that throws in a money call's arguments", () => {
  for (const field of ['key', 'journal', 'how_many', 'service', 'identity']) {
    it(`a keyed checkout's order.${field}: refused, nothing sent or recorded`, async () => {
      const { client, sent } = countingClient(TOKEN);
      const journal = memoryJournal();
      const order = throwingAt({ ...ORDER, key: 'order-1', journal }, field);
      await refusedUnsent(() => client.consumables.checkout(order), sent);
      expect(await journal.get('order-1')).toBeUndefined();
    });
  }

  for (const field of ['signal', 'timeout', 'headers', 'retry', 'key']) {
    it(`a keyed checkout's options.${field}: refused, nothing sent or recorded`, async () => {
      const { client, sent } = countingClient(TOKEN);
      const journal = memoryJournal();
      const options = throwingAt({}, field);
      const order = { ...ORDER, key: 'order-2', journal };
      await refusedUnsent(() => client.consumables.checkout(order, options), sent);
      expect(await journal.get('order-2')).toBeUndefined();
    });
  }

  it("an unkeyed checkout's options.signal and pay's token: refused, nothing sent", async () => {
    const { client, sent } = countingClient(TOKEN);
    await refusedUnsent(() => client.consumables.checkout(ORDER, throwingAt({}, 'signal')), sent);
    const bag = throwingAt({ token: 'bag_1', chosen_period: 'MONTH' as const }, 'token');
    await refusedUnsent(() => client.pay.bag(bag), sent);
    await refusedUnsent(() => client.pay.bag(bag, throwingAt({}, 'key')), sent);
  });

  it("consume's options.key: refused, nothing sent", async () => {
    const { client, sent } = countingClient(TOKEN);
    await refusedUnsent(() => client.consumables.consume('ai', throwingAt({}, 'key')), sent);
  });

  for (const field of ['key', 'card', 'signal', 'plan']) {
    it(`a purchase's ${field}: refused, nothing sent or recorded`, async () => {
      const { client, sent } = countingClient(TOKEN);
      const journal = memoryJournal();
      const order = throwingAt({ ...PURCHASE, key: 'buy-1', journal }, field);
      await refusedUnsent(() => client.purchase(order as never), sent);
      expect(await journal.get('buy-1')).toBeUndefined();
    });
  }

  it("a purchase's card.cvc: refused, nothing sent", async () => {
    const { client, sent } = countingClient(TOKEN);
    const order = { ...PURCHASE, card: throwingAt(CARD, 'cvc') };
    await refusedUnsent(() => client.purchase(order as never), sent);
  });
});
