import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { recordedOwners } from '../support/recorded-owner.js';

// redteam59: a money call's field written with invisible characters that are no format character
// (a combining grapheme joiner, variation selectors, Hangul fillers, a Mongolian free variation
// selector, a braille blank) or with accents passed redteam55's fold: under the deployed profile
// `checkout({ service, how_many, academy, 'sub\u034fscription': 7 })` paid, its units the buyer's,
// none for subscription 7. Each is refused now before anything is sent, naming the field meant.
const ownerOf = recordedOwners();

function ownerClient(profile: 'spec' | 'deployed') {
  return ownerOf(profile);
}

const untyped = (order: object) => order as never;
const refusalOf = (call: () => Promise<unknown>) => call().catch((error: unknown) => error);

const SUBSCRIPTION = {
  'combining grapheme joiners': 'sub\u034f\u034fscrip\u034fti\u034fon',
  'variation selectors': 'sub\ufe0f\ufe0fscrip\ufe0ftion\ufe0f',
  'supplementary variation selectors': 'sub\u{e0100}\u{e0100}scrip\u{e0100}tion',
  'Hangul fillers': 'sub\u3164\u3164scrip\u3164tion',
  'half-width Hangul fillers': 'sub\uffa0\uffa0scrip\uffa0tion',
  'Mongolian variation selectors': 'sub\u180b\u180bscrip\u180btion',
  'braille blanks': 'sub\u2800\u2800scrip\u2800tion',
  accents: 'su\u0301bscri\u0301ptio\u0301n',
};

describe.each(['spec', 'deployed'] as const)('profile %s', (profile) => {
  it.each(Object.entries(SUBSCRIPTION))(
    'checkout with `subscription` written with %s: refused, nothing sent',
    async (_how, name) => {
      const { client, sent, charges } = ownerClient(profile);
      const order = { service: 'ai-credits', how_many: 2, academy: 1, [name]: 7 };
      const refused = await refusalOf(() => client.consumables.checkout(untyped(order)));
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
      expect(String(refused)).toContain('did you mean `subscription`?');
      expect(sent).toEqual([]);
      expect(charges()).toBe(0);
    },
  );

  it('pay.bag with `payment_method_id` written with variation selectors: refused', async () => {
    const { client, sent } = ownerClient(profile);
    const name = 'payment\ufe0f\ufe0f_method\ufe0f_id';
    const params = { token: 'bag-1', chosen_period: 'MONTH', [name]: 1 };
    const refused = await refusalOf(() => client.pay.bag(untyped(params)));
    expect(refused).toMatchObject({ name: 'InvalidRequestError', field: name });
    expect(String(refused)).toContain('did you mean `payment_method_id`?');
    expect(sent).toEqual([]);
  });
});
