import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { recordedOwners } from '../support/recorded-owner.js';

// redteam61: a money call's field written with letters of another script that look like the Latin
// ones (Cyrillic `е`, `о`, `а`, `с`, `р`, `у`, `ѕ`, Greek `ο`, `ν`, `κ`) and a character more
// passed the misspelt-field check (redteam59 folded accents and invisible characters, not these):
// a checkout with `kеy_` (a Cyrillic `е`) went to the service with no key, and its re-run paid
// again. Each is refused now before anything is sent, naming the field meant.
const ownerOf = recordedOwners();

const untyped = (order: object) => order as never;
const refusalOf = (call: () => Promise<unknown>) => call().catch((error: unknown) => error);
const ORDER = { service: 'ai-credits', how_many: 2, academy: 1 };

const CHECKOUT: [string, string, unknown][] = [
  ['k\u0435y_', 'key', 'order-1'], // Cyrillic е
  ['\u043a\u0435\u0443s', 'key', 'order-1'], // Cyrillic к е у: no Latin letter at all
  ['\u03bae\u03b3', 'key', 'order-1'], // Greek κ and γ
  ['j\u03bfurn\u0430l_', 'journal', memoryJournal()], // Greek ο, Cyrillic а
  ['\u0455ub\u0455\u0441ripti\u043en', 'subscription', 7], // Cyrillic ѕ ѕ с о
  ['h\u03bfw_m\u0430nys', 'how_many', 2], // Greek ο, Cyrillic а
  ['se\u0433\u03bdice', 'service', 'ai-credits'], // Cyrillic г, Greek ν
  ['\u0456d\u0435ntit\u0443_', 'identity', 'user-1'], // Cyrillic і е у
];

describe('a money field written with look-alike letters of another script', () => {
  it('checkout `kеy_` (Cyrillic е): refused, nothing sent nor paid, however often it is run', async () => {
    const { client, sent, charges } = ownerOf('deployed');
    const order = untyped({ ...ORDER, 'k\u0435y_': 'o-1' });
    // The same script run twice: before, each run paid (no key reached the journal).
    const runs = [];
    for (let run = 0; run < 2; run += 1)
      runs.push(await refusalOf(() => client.consumables.checkout(order)));
    expect(charges()).toBe(0);
    expect(sent).toEqual([]);
    for (const refused of runs) {
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field: 'k\u0435y_', mayHaveBeenProcessed: false });
      expect(String(refused)).toContain('did you mean `key`?');
    }
  });

  it.each(CHECKOUT)('checkout with `%s`: refused naming `%s`', async (name, meant, value) => {
    const { client, sent } = ownerOf('deployed');
    // The field meant left out (a near miss beside it passes), a key given unless it is `key`.
    const { [meant as 'service']: _meant, ...rest } = { ...ORDER, key: 'order-1' };
    const order = untyped({ ...rest, [name]: value });
    const refused = await refusalOf(() => client.consumables.checkout(order));
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
    expect(String(refused)).toContain(`\`${meant}\``);
    expect(sent).toEqual([]);
  });

  it('pay.bag with `pаymеnt_methοd_id` (Cyrillic а е, Greek ο): refused, nothing sent', async () => {
    const { client, sent } = ownerOf('deployed');
    const name = 'p\u0430ym\u0435nt_meth\u03bfd_id';
    const params = { token: 'bag-1', chosen_period: 'MONTH', [name]: 1 };
    const refused = await refusalOf(() => client.pay.bag(untyped(params)));
    expect(refused).toMatchObject({ name: 'InvalidRequestError', field: name });
    expect(String(refused)).toContain('did you mean `payment_method_id`?');
    expect(sent).toEqual([]);
  });

  it("a field in another script's own words, not like any, still goes to the service", async () => {
    const { client, sent } = ownerOf('deployed');
    await client.consumables.checkout(untyped({ ...ORDER, примечание: 'x', σχόλιο: 'y' }));
    expect(sent).toEqual(['POST /v2/payments/consumable/checkout']);
  });
});
