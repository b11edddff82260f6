// A keyed call tells its own recorded request from another by comparing the parameters as JSON
// data (keys in any order), in place since issue 37's seventh pass (same-json.ts) rather than as
// two canonical texts. The same data in another key order (a record written by an earlier version,
// another language's worker) is the same request; a value of another JSON type, a field more or
// less, is another, whatever the fast comparison makes of it.
import { describe, expect, it } from 'vitest';
import { createClient, KeyReuseError, memoryJournal } from '../../src/index.js';
import type { JournalRecord } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { teamPurchase } from '../support/team-purchase.js';

async function recordedCheckout(key: string, extra: Record<string, unknown> = {}) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'same-json@example.com' });
  const client = createClient({
    baseUrl: 'http://simulator.test',
    token: user.token,
    maxRetries: 0,
    logLevel: 'off',
    fetch: (input, init) => simulator.handle(new Request(input, init)),
  });
  const bought = await client.purchase(teamPurchase(1));
  const store = memoryJournal();
  /** A record of `store` given back as it is, not through JSON (`rewrite`'s `asIs`). */
  const live = new Map<string, JournalRecord>();
  const journal = { ...store, get: async (key: string) => live.get(key) ?? store.get(key) };
  const order = {
    service: 'ai-credits',
    how_many: 1,
    subscription: bought.subscription.id,
    ...extra,
  };
  const first = await client.consumables.checkout({ ...order, key, journal });
  const checkouts = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout');
  /** The key's record with its parameters as `change` makes them; `asIs`: given back as is. */
  const rewrite = async (
    change: (params: Record<string, unknown>) => Record<string, unknown>,
    asIs = false,
  ) => {
    const record = (await journal.get(key)) as JournalRecord & { params: Record<string, unknown> };
    const changed = { ...record, params: change(record.params) };
    if (asIs) live.set(key, changed);
    else await journal.set(key, changed);
  };
  const again = () => client.consumables.checkout({ ...order, key, journal });
  return { first, rewrite, again, checkouts };
}

describe('a keyed checkout compared with its recorded parameters', () => {
  it('replays a record whose parameters are the same data in another key order', async () => {
    const { first, rewrite, again, checkouts } = await recordedCheckout('order-reordered');
    await rewrite((params) => Object.fromEntries(Object.entries(params).reverse()));
    expect((await again()).id).toBe(first.id);
    expect(checkouts()).toHaveLength(1);
  });

  it.each([
    ['a number recorded as text', (p: Record<string, unknown>) => ({ ...p, how_many: '1' })],
    ['a number recorded as an array', (p: Record<string, unknown>) => ({ ...p, how_many: [1] })],
    ['a field more', (p: Record<string, unknown>) => ({ ...p, note: null })],
    ['a field less', ({ how_many: _dropped, ...p }: Record<string, unknown>) => p],
  ])('refuses one with %s as another request, nothing sent', async (_case, change) => {
    const { rewrite, again, checkouts } = await recordedCheckout('order-changed');
    await rewrite(change);
    await expect(again()).rejects.toThrow(KeyReuseError);
    expect(checkouts()).toHaveLength(1);
  });
});

/** An array that JSON writes as `written` (its own `toJSON`, as a store's wrapped arrays have). */
function arrayWritten(items: unknown[], written: unknown[]): unknown[] {
  return Object.assign([...items], { toJSON: () => written });
}

/** An object that JSON writes as `written`, its `toJSON` denied by `in` (a store's Proxy). */
function proxyWritten(fields: object, written: object): object {
  return new Proxy(fields, {
    has: (target, name) => name !== 'toJSON' && name in target,
    get: (target, name) =>
      name === 'toJSON' ? () => written : (target as Record<string | symbol, unknown>)[name],
  });
}

describe('a journal of your own whose records come back as live objects', () => {
  it.each([
    ['an array', ['ai'], arrayWritten(['ai'], ['ai', 'vision'])],
    ['a Proxy', { tier: 'ai' }, proxyWritten({ tier: 'ai' }, { tier: 'vision' })],
  ])(
    'compares %s in its parameters as JSON writes it: another request, nothing sent',
    async (_case, sent, readBack) => {
      const { rewrite, again, checkouts } = await recordedCheckout('order-live', { lines: sent });
      // The record's field, read back, holds the data sent; JSON writes another order of it.
      await rewrite((params) => ({ ...params, lines: readBack }), true);
      await expect(again()).rejects.toThrow(KeyReuseError);
      expect(checkouts()).toHaveLength(1);
    },
  );
});
