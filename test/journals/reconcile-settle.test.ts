import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsumablesResource,
  createClient,
  createCore,
  InvalidRequestError,
  KeyOwnerError,
  memoryJournal,
  PurchaseError,
  SettledKeyError,
  SettleRefusedError,
  UnsettledKeyError,
  type PurchaseJournal,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { creditsOwner } from '../support/team-owner.js';

// A lost answer fails the call as one (a bare toThrow() also passed a refusal sending nothing).
const ANSWER_LOST = { name: 'ConnectionError', mayHaveBeenProcessed: true };

// client.journal: a key whose outcome is unknown is reconciled from the service's own records
// (the simulator's charges prove what happened) or settled by an operator; a key settled as not
// charged runs again, one settled as charged never pays again.

const CHECKOUT = 'POST /v2/payments/consumable/checkout';
const PAY = 'POST /v1/payments/pay';
const card = { card_number: '4242424242424242', cvc: '123' };

let server: MockServer;
let users = 0;

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 10 });
});
afterAll(async () => server?.close());

/** A user with a PER_TEAM subscription, and the order of 5 AI credits for it. */
const owner = () => creditsOwner(server, `journal-${++users}@example.com`);

describe('client.journal on a checkout whose answer was lost', () => {
  it('reconciles it to charged from the invoice, and a re-run replays it, never buys again', async () => {
    const { client, order, charges } = await owner();
    const journal = memoryJournal();
    const keyed = { ...order, key: 'lost-1', journal };
    server.simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after', times: 1 });
    await expect(client.consumables.checkout(keyed)).rejects.toMatchObject(ANSWER_LOST);
    const stuck = (await client.consumables.checkout(keyed).catch((e: unknown) => e)) as Error;
    expect(stuck).toBeInstanceOf(UnsettledKeyError);
    expect(stuck.message).toContain(`client.journal.reconcile("lost-1")`);
    expect(stuck.message).toContain('seatpay journal reconcile lost-1 --journal <j>');
    expect(await client.journal.list({ journal })).toMatchObject([
      { key: 'lost-1', kind: 'checkout', stage: 'sending', charged: 'unknown' },
    ]);
    // Another identity (another token) is told nothing of the key and settles nothing.
    const stranger = createClient({ baseUrl: server.url, token: 'someone-else', logLevel: 'off' });
    await expect(stranger.journal.reconcile('lost-1', { journal })).rejects.toThrow(KeyOwnerError);
    await expect(
      stranger.journal.settle('lost-1', { journal, charged: 'no', reason: 'x' }),
    ).rejects.toThrow(KeyOwnerError);

    const result = await client.journal.reconcile('lost-1', { journal });
    expect(result).toMatchObject({ key: 'lost-1', charged: 'yes', record: { stage: 'done' } });
    expect(result.record.settled).toMatchObject({ charged: 'yes', by: 'service' });
    const replayed = await client.consumables.checkout(keyed);
    expect(replayed.id).toBe(server.simulator.charges.at(-1)!.invoice);
    expect(charges('consumable-checkout')).toBe(1);
  });

  it('says unknown when two lost keys of one order have one invoice between them', async () => {
    const { client, order, charges } = await owner();
    server.simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after', times: 1 });
    await expect(client.consumables.checkout({ ...order, key: 'twin-a' })).rejects.toMatchObject(
      ANSWER_LOST,
    );
    server.simulator.faults.inject({ route: CHECKOUT, kind: 'reset-before', times: 1 });
    await expect(client.consumables.checkout({ ...order, key: 'twin-b' })).rejects.toMatchObject(
      ANSWER_LOST,
    );
    expect(charges('consumable-checkout')).toBe(1);
    const a = await client.journal.reconcile('twin-a');
    expect(a.charged).toBe('unknown');
    expect(a.record.settled).toBeUndefined();
    // The operator decides the second one was never charged: it runs again, once.
    const settled = await client.journal.settle('twin-b', {
      charged: 'no',
      reason: 'reset before',
    });
    expect(settled).toMatchObject({ stage: 'refused', charged: 'no', settled: { by: 'operator' } });
    expect((await client.journal.reconcile('twin-a')).charged).toBe('yes');
    await client.consumables.checkout({ ...order, key: 'twin-b' });
    expect(charges('consumable-checkout')).toBe(2);
  });
});

describe('client.journal.settle', () => {
  it('settled as charged: a re-run refuses with SettledKeyError and sends nothing', async () => {
    const { client, order, charges } = await owner();
    const journal = memoryJournal();
    server.simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after', times: 1 });
    await expect(
      client.consumables.checkout({ ...order, key: 'k', journal }),
    ).rejects.toMatchObject(ANSWER_LOST);
    await client.journal.settle('k', { journal, charged: 'yes', reason: 'on the statement' });
    await expect(client.consumables.checkout({ ...order, key: 'k', journal })).rejects.toThrow(
      SettledKeyError,
    );
    expect(charges('consumable-checkout')).toBe(1);
  });

  it('refuses a key already settled, a known outcome, a missing key, and bad options', async () => {
    const { client, order } = await owner();
    await client.consumables.checkout({ ...order, key: 'paid' });
    await expect(client.journal.settle('paid', { charged: 'no', reason: 'x' })).rejects.toThrow(
      SettleRefusedError,
    );
    await expect(client.journal.settle('none', { charged: 'no', reason: 'x' })).rejects.toThrow(
      SettleRefusedError,
    );
    const bad = { charged: 'maybe', reason: 'x' } as never;
    await expect(client.journal.settle('paid', bad)).rejects.toThrow(InvalidRequestError);
    await expect(client.journal.settle('paid', { charged: 'no', reason: ' ' })).rejects.toThrow(
      /reason/,
    );
  });
});

describe('client.journal on a purchase whose pay answer was lost', () => {
  it('PurchaseError says how to settle; reconcile finds the subscription naming its bag', async () => {
    const { client, charges } = await owner();
    server.simulator.faults.inject({ route: PAY, kind: 'reset-after', times: 1 });
    // The caller's own onStep throws once the pay answer is lost: the purchase stops, unknown.
    const stop = (step: { step: string }) => {
      if (step.step === 'pay') throw new Error('stop here');
    };
    const failed = await client
      .purchase({ plan: 'personal', card, chosen_period: 'MONTH', key: 'buy-1', onStep: stop })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PurchaseError);
    expect((failed as PurchaseError).charged).toBe('unknown');
    expect((failed as PurchaseError).message).toContain('client.journal.reconcile("buy-1")');
    const bought = charges('payment');
    let result = await client.journal.reconcile('buy-1');
    // The subscription is built after the payment (asynchronously): unknown until it is.
    while (result.charged === 'unknown') {
      await new Promise((resolve) => setTimeout(resolve, 10));
      result = await client.journal.reconcile('buy-1');
    }
    expect(result).toMatchObject({ charged: 'yes', record: { stage: 'subscribed' } });
    const rerun = await client.purchase({
      plan: 'personal',
      card,
      chosen_period: 'MONTH',
      key: 'buy-1',
    });
    expect(rerun.subscription.id).toBe(
      (result.record as { subscription: { id: number } }).subscription.id,
    );
    expect(charges('payment')).toBe(bought);
  });
});

describe('client.journal with a journal of your own', () => {
  it('reconcile and settle need only get/set; list and prune reject with a typed error', async () => {
    const { client } = await owner();
    const records = new Map<string, unknown>();
    const own: PurchaseJournal = {
      get: async (key) => records.get(key) as never,
      set: async (key, record) => void records.set(key, record),
    };
    records.set('mine', {
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      params: { service: 'ai-credits', how_many: 1, subscription: 1 },
      updatedAt: new Date().toISOString(),
    });
    expect((await client.journal.reconcile('mine', { journal: own })).charged).toBe('unknown');
    await client.journal.settle('mine', { journal: own, charged: 'no', reason: 'refunded' });
    expect(records.get('mine')).toMatchObject({ stage: 'refused', settled: { charged: 'no' } });
    await expect(client.journal.list({ journal: own })).rejects.toThrow(InvalidRequestError);
    await expect(client.journal.prune({ journal: own, olderThan: new Date() })).rejects.toThrow(
      /no prune\(\) method/,
    );
  });
});

describe('keys given without a journal', () => {
  it("share one in-memory journal per client: its purchase, checkouts, journal and withOptions clients'", async () => {
    const { client, order, charges } = await owner();
    await client.consumables.checkout({ ...order, key: 'mine' });
    await client.withOptions({ timeout: 5_000 }).consumables.checkout({ ...order, key: 'derived' });
    await client.withOptions({ timeout: 6_000 }).consumables.checkout({ ...order, key: 'mine' });
    const listed = await client.withOptions({ timeout: 7_000 }).journal.list();
    expect(listed.map((entry) => [entry.key, entry.charged])).toEqual([
      ['derived', 'yes'],
      ['mine', 'yes'],
    ]);
    expect(charges('consumable-checkout')).toBe(2);
    // Another client has a journal of its own: the same key buys again there.
    const other = createClient({ baseUrl: server.url, token: () => 'unused', logLevel: 'off' });
    expect(await other.journal.list()).toEqual([]);
  });

  it('on a resource built alone: its own, kept across its checkouts', async () => {
    const { user, order, charges } = await owner();
    const core = createCore({ baseUrl: server.url, token: user.token, logLevel: 'off' });
    const consumables = new ConsumablesResource(core);
    const first = await consumables.checkout({ ...order, key: 'alone' });
    expect(await consumables.checkout({ ...order, key: 'alone' })).toEqual(first);
    await new ConsumablesResource(core).checkout({ ...order, key: 'alone' });
    expect(charges('consumable-checkout')).toBe(2);
    const given = memoryJournal();
    const withDefault = new ConsumablesResource(core, () => given);
    await withDefault.checkout({ ...order, key: 'given' });
    expect((await given.list!()).map((entry) => entry.key)).toEqual(['given']);
  });
});
