import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { recordedOwners } from '../support/recorded-owner.js';

// redteam59: a keyed checkout's `key` written another way (`Key`, `KEY`, `keys`: a name near
// `key`) went to the service as one more field of the order: it was paid with no key, and the
// script's re-run paid it again. Refused now before anything is sent, naming `key`; so is a
// `Journal` or `Identity`, and a `Key` beside `key` with another value (which one is the key?).
const ownerOf = recordedOwners();

function ownerClient() {
  return ownerOf('deployed');
}

const untyped = (order: object) => order as never;
const refusalOf = (call: () => Promise<unknown>) => call().catch((error: unknown) => error);
const ORDER = { service: 'ai-credits', how_many: 2, academy: 1 };

describe("a keyed call's own field written another way", () => {
  it.each([
    ['Key', 'key', { Key: 'order-1' }],
    ['KEY', 'key', { KEY: 'order-1' }],
    ['keys', 'key', { keys: 'order-1' }],
    ['Journal', 'journal', { key: 'order-1', Journal: memoryJournal() }],
    ['Identity', 'identity', { key: 'order-1', Identity: 'user-1' }],
  ])('checkout with `%s`: refused naming `%s`, nothing sent', async (name, meant, extra) => {
    const { client, sent } = ownerClient();
    const refused = await refusalOf(() =>
      client.consumables.checkout(untyped({ ...ORDER, ...extra })),
    );
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
    expect(String(refused)).toContain(`did you mean \`${meant}\`?`);
    expect(String(refused)).toContain(`the order is paid without its \`${meant}\``);
    expect(sent).toEqual([]);
  });

  it('checkout with `Key` beside `key`, another value: refused; the same value passes', async () => {
    const { client, sent } = ownerClient();
    const journal = memoryJournal();
    const refused = await refusalOf(() =>
      client.consumables.checkout(untyped({ ...ORDER, key: 'a', Key: 'b', journal })),
    );
    expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'Key' });
    expect(String(refused)).toContain('seatpay reads only `key`');
    expect(await journal.get('a')).toBeUndefined();
    expect(sent).toEqual([]);
    const same = { ...ORDER, key: 'a', Key: 'a', journal };
    await client.consumables.checkout(untyped(same));
    await client.consumables.checkout(untyped(same)); // replayed: bought once
    expect(sent).toEqual(['POST /v2/payments/consumable/checkout']);
  });

  it('pay.bag with `Key`: refused naming `key`, nothing sent', async () => {
    const { client, sent } = ownerClient();
    const params = { token: 'bag-1', chosen_period: 'MONTH', Key: 'order-1' };
    const refused = await refusalOf(() => client.pay.bag(untyped(params)));
    // pay.bag takes no key: told what to use instead, as for `key`, not to rename it to `key`.
    expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'key' });
    expect(String(refused)).toContain('`Key` is read by no pay.bag: pay once per key with');
    expect(String(refused)).not.toContain('did you mean');
    expect(sent).toEqual([]);
  });
});
