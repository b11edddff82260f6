import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  BadRequestError,
  createClient,
  InvalidRequestError,
  JournalError,
  KeyReuseError,
  memoryJournal,
  SeatpayError,
  UnsettledKeyError,
  type CheckoutParams,
  type PurchaseJournal,
  type SeatpayClient,
} from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { startMockServer, type MockServer, type MockUser } from '../../src/mock/index.js';
import { printTable } from './support/faults-figures.js';
import { teamPurchase } from '../support/team-purchase.js';
import { outcomeOf } from '../support/outcome.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// consumables.checkout({ key, journal }) has purchase()'s promise: recorded before it is sent, a
// later checkout with the key (same process, another client, after a restart) never buys again,
// an ambiguous failure is never re-bought, a key reused with another input is refused. Charges
// are counted in the simulator's log. Run alone:
//   npx vitest run test/reliability/keyed-checkout.test.ts

const CHECKOUT = 'POST /v2/payments/consumable/checkout';

let server: MockServer;
let dir: string;
let users = 0;
const rows: (string | number)[][] = [];

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 10 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-checkout-'));
});
afterAll(async () => {
  printTable('Keyed consumable checkouts', ['attack', 'outcome', 'checkout charges'], rows);
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

function clientOf(user: MockUser): SeatpayClient {
  return createClient({
    baseUrl: server.url,
    token: () => user.token,
    retryBaseDelay: 1,
    logLevel: 'off',
  });
}

/** An owner with a PER_TEAM subscription, and what buying 5 AI credits for it takes. */
async function owner() {
  const user = server.simulator.addUser({ email: `checkout-${++users}@example.com` });
  const client = clientOf(user);
  const { subscription } = await client.purchase(teamPurchase(5));
  const order: CheckoutParams = {
    service: 'ai-credits',
    how_many: 5,
    subscription: subscription.id,
  };
  const checkouts = () =>
    server.simulator.charges.filter(
      (c) => c.kind === 'consumable-checkout' && c.subscription === subscription.id,
    ).length;
  return { user, client, order, checkouts };
}

describe('a keyed checkout', () => {
  it('run twice, on a withOptions client, and by three calls at once: bought once, the same answer', async () => {
    const { client, order, checkouts } = await owner();
    const first = await client.consumables.checkout({ ...order, key: 'topup-1' });
    const replay = await client
      .withOptions({ timeout: 5_000 })
      .consumables.checkout({ ...order, key: 'topup-1' })
      .withResponse();
    const racing = await Promise.all(
      [1, 2, 3].map(() => client.consumables.checkout({ ...order, key: 'topup-2' })),
    );
    rows.push(['same key twice, withOptions, 3 at once', 'one answer per key', checkouts()]);
    expect(replay.data).toEqual(first);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(new Set(racing.map((r) => r.id)).size).toBe(1);
    expect(racing[0]!.id).not.toBe(first.id);
    expect(checkouts()).toBe(2);
  });

  it('after a restart (a new client on the same fileJournal): resolves with the recorded answer', async () => {
    const { user, client, order, checkouts } = await owner();
    const path = join(dir, 'restart.json');
    const first = await client.consumables.checkout({
      ...order,
      key: 'k',
      journal: fileJournal(path),
    });
    const again = await clientOf(user).consumables.checkout({
      ...order,
      key: 'k',
      journal: fileJournal(path),
    });
    rows.push(['new client, same fileJournal', 'recorded answer', checkouts()]);
    expect(again).toEqual(first);
    expect(checkouts()).toBe(1);
    expect(await fileJournal(path).get('k')).toMatchObject({
      kind: 'checkout',
      stage: 'done',
      params: order,
      result: { id: first.id },
    });
  });

  it('answer lost after the service charged: rejects as maybe processed, and the re-run never buys again', async () => {
    const { client, order, checkouts } = await owner();
    const journal = memoryJournal();
    // The service charges, then the connection drops: the answer is lost by the order of events,
    // not by a timeout (a 200 ms one ran out on a loaded machine before the request was charged).
    server.simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after', times: 1 });
    const lost = await outcomeOf(
      client.consumables.checkout({ ...order, key: 'lost', journal }, { maxRetries: 0 }),
    );
    const rerun = await outcomeOf(client.consumables.checkout({ ...order, key: 'lost', journal }));
    rows.push(['answer lost, then re-run', `${String((rerun.error as Error)?.name)}`, checkouts()]);
    expect(lost.error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(rerun.error).toBeInstanceOf(UnsettledKeyError);
    expect(rerun.error).toMatchObject({ key: 'lost', mayHaveBeenProcessed: true });
    expect(checkouts()).toBe(1);
  });

  it('refused by the service (nothing charged): the key is free, and the re-run buys once', async () => {
    const { client, order, checkouts } = await owner();
    const journal = memoryJournal();
    server.simulator.faults.inject({ route: CHECKOUT, kind: 'status', status: 400 });
    const refused = await outcomeOf(client.consumables.checkout({ ...order, key: 'r', journal }));
    const rerun = await client.consumables.checkout({ ...order, key: 'r', journal });
    rows.push(['refused (400), then re-run', 'bought once', checkouts()]);
    expect(refused.error).toBeInstanceOf(BadRequestError);
    expect(rerun).toMatchObject(latestCheckoutReceipt(server.simulator));
    expect(checkouts()).toBe(1);
  });

  it.each([
    ['how_many', { how_many: 6 }],
    ['service', { service: 'team-seat' }],
    ['subscription', { subscription: 987_654 }],
  ])('the key with another %s: KeyReuseError, nothing sent', async (field, change) => {
    const { client, order, checkouts } = await owner();
    await client.consumables.checkout({ ...order, key: 'reuse' });
    const { error } = await outcomeOf(
      client.consumables.checkout({ ...order, ...change, key: 'reuse' }),
    );
    rows.push([`key reused with another ${field}`, 'KeyReuseError', checkouts()]);
    expect(error).toBeInstanceOf(KeyReuseError);
    expect(error).toMatchObject({ key: 'reuse', differences: [field] });
    expect(checkouts()).toBe(1);
  });

  it("a purchase's key reused for a checkout: KeyReuseError, nothing sent", async () => {
    const { client, order, checkouts } = await owner();
    const journal = memoryJournal();
    await client.purchase({
      plan: 'personal',
      card: { card_number: '4242424242424242', cvc: '123' },
      chosen_period: 'MONTH',
      pollInterval: 5,
      key: 'order-77',
      journal,
    });
    const { error } = await outcomeOf(
      client.consumables.checkout({ ...order, key: 'order-77', journal }),
    );
    expect(error).toBeInstanceOf(KeyReuseError);
    expect(checkouts()).toBe(0);
  });

  it.each([-1, 0, 2.5])(
    'how_many %d: InvalidRequestError before the journal is touched',
    async (how_many) => {
      const { client, order, checkouts } = await owner();
      const journal = memoryJournal();
      const { error } = await outcomeOf(
        client.consumables.checkout({ ...order, how_many, key: 'bad', journal }),
      );
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).field).toBe('how_many');
      expect(await journal.get('bad')).toBeUndefined();
      expect(checkouts()).toBe(0);
    },
  );

  it('a journal file holding [] or null: JournalError naming the file, nothing bought, file kept', async () => {
    const { client, order, checkouts } = await owner();
    for (const text of ['[]', 'null']) {
      const path = join(dir, `foreign-${text}.json`);
      await writeFile(path, text);
      const { error } = await outcomeOf(
        client.consumables.checkout({ ...order, key: 'f', journal: fileJournal(path) }),
      );
      expect(error).toBeInstanceOf(JournalError);
      expect((error as JournalError).path).toBe(path);
      expect(await readFile(path, 'utf8')).toBe(text);
    }
    expect(checkouts()).toBe(0);
  });

  it('a journal that never answers: the checkout rejects when its signal fires, nothing bought', async () => {
    const { client, order, checkouts } = await owner();
    const controller = new AbortController();
    const journal: PurchaseJournal = {
      get: () => {
        queueMicrotask(() => controller.abort());
        return new Promise(() => undefined);
      },
      set: () => new Promise(() => undefined),
    };
    const { error } = await outcomeOf(
      client.consumables.checkout(
        { ...order, key: 'stuck', journal },
        { signal: controller.signal },
      ),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(SeatpayError);
    expect(checkouts()).toBe(0);
  });
});
