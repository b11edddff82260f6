import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

// A keyed checkout checks its input, records it with the key, waits for the journal's claim, then
// sends. A caller (or a value it passed: a getter, a Proxy) that changes the input in between must
// not make it send a request other than the one its key's record says was asked: a later call
// with the recorded input would replay an answer to another request.

async function setUp() {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'sends-recorded@example.com' });
  const sent: Array<Record<string, unknown>> = [];
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.url.includes('/consumable/checkout'))
        sent.push((await request.clone().json()) as Record<string, unknown>);
      return simulator.handle(request);
    },
  });
  const { subscription } = await client.purchase(teamPurchase(1));
  return { client, subscription, sent };
}

/** memoryJournal whose claim waits for `before` to run first: the caller's moment to act. */
function journalThatClaimsAfter(before: () => void): PurchaseJournal {
  const journal = memoryJournal();
  return {
    get: (key, options) => journal.get(key, options),
    set: (key, record, options) => journal.set(key, record, options),
    claim: async (key, record, options) => {
      before();
      return journal.claim!(key, record, options);
    },
  };
}

describe('a keyed checkout sends the input its key records', () => {
  it('a nested field the caller changes while the claim is made: sent as recorded', async () => {
    const { client, subscription, sent } = await setUp();
    const note = { text: 'first' };
    const journal = journalThatClaimsAfter(() => (note.text = 'second'));
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id, note };
    await client.consumables.checkout({ ...order, key: 'nested', journal });

    const record = await journal.get('nested');
    expect(record?.kind === 'checkout' && record.params.note).toEqual({ text: 'first' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.note).toEqual({ text: 'first' });
  });

  it('a getter that answers differently each time it is read: sent as recorded', async () => {
    const { client, subscription, sent } = await setUp();
    let reads = 0;
    const note = {
      get text() {
        reads += 1;
        return `read ${reads}`;
      },
    };
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id, note };
    await client.consumables.checkout({ ...order, key: 'getter', journal });

    const record = await journal.get('getter');
    expect(sent).toHaveLength(1);
    expect(record?.kind === 'checkout' && record.params.note).toEqual(sent[0]!.note);
  });

  it('a nested value turned into one JSON cannot encode: nothing left unknown, a typed error or the recorded input', async () => {
    const { client, subscription, sent } = await setUp();
    const note: Record<string, unknown> = { text: 'first' };
    const journal = journalThatClaimsAfter(() => (note.self = note));
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id, note };
    await client.consumables.checkout({ ...order, key: 'cycle', journal });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.note).toEqual({ text: 'first' });
    expect((await journal.get('cycle'))?.stage).toBe('done');
  });
});

describe('a keyed checkout whose input cannot be copied as checked', () => {
  it('a getter that throws once checked: a typed error, nothing sent, the key left free', async () => {
    const { client, subscription, sent } = await setUp();
    let reads = 0;
    const note = {
      get text() {
        reads += 1;
        if (reads > 1) throw new Error('gone');
        return 'once';
      },
    };
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id, note };
    const error: unknown = await client.consumables
      .checkout({ ...order, key: 'throws', journal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).field).toBe('params');
    expect(sent).toHaveLength(0);
    expect(await journal.get('throws')).toBeUndefined();
  });
});
