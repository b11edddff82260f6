import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { FOREIGN_CONTROLLERS } from '../support/foreign-signal.js';
import { countingClient } from '../support/counting-client.js';

// A third argument to a money call (`checkout(order, {}, signal)`, as fetch-style wrappers pass
// a signal after the init) was read by nothing: an aborted signal there stopped no charge, the
// order was sent and paid. Each is now refused, nothing sent or recorded.
const ORDER = { service: 'ai-credits', how_many: 2, subscription: 101 };
const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' };
const PURCHASE = { plan: 'team', team_seats: 2, card: CARD, chosen_period: 'MONTH' as const };

const aborted = (): AbortSignal => AbortSignal.abort(new Error('the user left'));
// Called from JavaScript: no third parameter in the types.
type Loose = (...args: unknown[]) => Promise<unknown>;

async function refusedUnsent(call: Promise<unknown>, sent: () => number, name = 'signal') {
  const error = await call.then(
    () => expect.unreachable('the call should be refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect((error as Error).message).toContain(`\`${name}\``);
  expect((error as Error).message).toMatch(/third argument is read by nothing.*Nothing was sent/);
  expect(sent()).toBe(0);
}

describe("an argument after a money call's request options", () => {
  it('an aborted signal third to checkout, pay.bag and consume: refused, nothing charged', async () => {
    const { client, sent } = countingClient('tok_third_1');
    const checkout = client.consumables.checkout.bind(client.consumables) as Loose;
    const bag = client.pay.bag.bind(client.pay) as Loose;
    const consume = client.consumables.consume.bind(client.consumables) as Loose;
    await refusedUnsent(checkout(ORDER, {}, aborted()), sent);
    await refusedUnsent(
      bag({ token: 'bag_1', chosen_period: 'MONTH' }, undefined, aborted()),
      sent,
    );
    await refusedUnsent(consume('ai-credits', {}, aborted()), sent);
    await refusedUnsent(checkout(ORDER, {}, { timeout: 5 }), sent, 'timeout');
  });

  for (const [kind, controller] of FOREIGN_CONTROLLERS) {
    it(`${kind} aborted signal third to a keyed checkout: refused, nothing recorded`, async () => {
      const { client, sent } = countingClient('tok_third_1');
      const journal = memoryJournal();
      const { signal, abort } = controller();
      abort();
      const checkout = client.consumables.checkout.bind(client.consumables) as Loose;
      await refusedUnsent(checkout({ ...ORDER, key: 'order-3', journal }, {}, signal), sent);
      expect(await journal.get('order-3')).toBeUndefined();
    });
  }

  it("purchase(order, undefined, signal): refused as purchase's second argument is", async () => {
    const { client, sent } = countingClient('tok_third_1');
    const journal = memoryJournal();
    const purchase = client.purchase.bind(client) as Loose;
    const error = await purchase({ ...PURCHASE, key: 'buy-3', journal }, undefined, aborted()).then(
      () => expect.unreachable('the purchase should be refused'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toMatch(/AbortSignal.*read by nothing: purchase takes one/);
    expect(sent()).toBe(0);
    expect(await journal.get('buy-3')).toBeUndefined();
  });

  it('a third argument naming nothing (a wrapper passing undefined or {}) is no refusal', async () => {
    const { client, sent } = countingClient('tok_third_1');
    const checkout = client.consumables.checkout.bind(client.consumables) as Loose;
    await expect(checkout(ORDER, {}, undefined)).rejects.toMatchObject({ status: 503 });
    await expect(checkout(ORDER, undefined, {})).rejects.toMatchObject({ status: 503 });
    expect(sent()).toBe(2);
  });
});
