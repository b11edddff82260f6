// Two decisions on one key whose answer was lost, in memoryJournal and localStorageJournal (the
// same two in processes of their own, on fileJournal and PostgreSQL:
// decision-over-decision-other-process.full.test.ts). The run dropped its lease when it ended, so
// settle and reconcile read the key again right before writing: the other's decision could land
// in between, "refused" over "done" (the next run paid again) or the reverse. The run now leaves
// its claim under a lease run out, and each decision is a compare-and-set over the record read.
// The other decision is made while this one's write waits (a gate on the journal's writes).
import { describe, expect, it } from 'vitest';
import {
  localStorageJournal,
  memoryJournal,
  SettleRefusedError,
  type PurchaseJournal,
} from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';
import { webStorage } from '../support/web-storage.js';

// A lost answer fails the call as one (a bare toThrow() also passed a refusal sending nothing).
const ANSWER_LOST = { name: 'ConnectionError', mayHaveBeenProcessed: true };

const JOURNALS: [string, () => PurchaseJournal][] = [
  ['memoryJournal', () => memoryJournal()],
  ['localStorageJournal', () => localStorageJournal({ storage: webStorage() })],
];

/** `base` with its own `set` and `setIfHeld`: its first write of `key` waits for `first()`. */
function afterFirst(base: PurchaseJournal, key: string, first: () => Promise<unknown>) {
  let gate: Promise<unknown> | undefined;
  const wait = (asked: string) => (asked === key ? (gate ??= first()) : undefined);
  const journal: PurchaseJournal = {
    ...base,
    set: async (asked, record, options) => {
      await wait(asked);
      return base.set(asked, record, options);
    },
    setIfHeld: async (asked, record, held, options) => {
      await wait(asked);
      return base.setIfHeld!(asked, record, held, options);
    },
  };
  return journal;
}

describe.each(JOURNALS)('%s: two decisions on a key whose answer was lost', (_name, open) => {
  async function answerLost(journal: PurchaseJournal, key: string) {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: `${key}@example.com` });
    let lose = false;
    const client = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await simulator.handle(request);
        if (lose && request.url.endsWith('/consumable/checkout')) throw new TypeError('lost');
        return response;
      },
    });
    const bought = await client.purchase(teamPurchase(1));
    const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
    lose = true;
    await expect(client.consumables.checkout({ ...order, key, journal })).rejects.toMatchObject(
      ANSWER_LOST,
    );
    lose = false;
    const charged = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout').length;
    expect(charged()).toBe(1);
    return { client, order, charged };
  }

  it("settle (charged: no) never lands over reconcile's 'done'", async () => {
    const base = open();
    const key = 'settle-after-reconcile';
    const { client, order, charged } = await answerLost(base, key);
    const reconciled = () => client.journal.reconcile(key, { journal: base });
    const journal = afterFirst(base, key, reconciled);
    const settled = await client.journal
      .settle(key, { journal, charged: 'no', reason: 'nothing on the statement yet' })
      .catch((error: unknown) => error);
    expect(settled).toBeInstanceOf(SettleRefusedError);
    expect(await base.get(key)).toMatchObject({ stage: 'done', settled: { charged: 'yes' } });
    await client.consumables.checkout({ ...order, key, journal: base });
    expect(charged()).toBe(1);
  });

  it("reconcile never writes 'done' over the operator's settle", async () => {
    const base = open();
    const key = 'reconcile-after-settle';
    const { client } = await answerLost(base, key);
    const settle = () =>
      client.journal.settle(key, { journal: base, charged: 'no', reason: 'refunded by hand' });
    const journal = afterFirst(base, key, settle);
    const found = await client.journal.reconcile(key, { journal });
    expect(found).toMatchObject({ charged: 'no', record: { settled: { by: 'operator' } } });
    expect(await base.get(key)).toMatchObject({
      stage: 'refused',
      settled: { charged: 'no', by: 'operator' },
    });
  });
});
