import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { recordedOwners } from '../support/recorded-owner.js';

// redteam62: redteam61 folded Greek and Cyrillic look-alikes, not the other scripts' letters that
// look Latin: Latin small capitals (`ᴋᴇʏ`), Cherokee (`ᏦᎬᎩ`), Lisu (`ꓗꓰꓬ`). A checkout with
// `ᴋᴇʏ: 'order-1'` went to the service with no key (a field it reads by no such name), and its
// re-run paid again. Refused now, naming the field meant; a near miss beside its field passes.
const ownerOf = recordedOwners();

const untyped = (order: object) => order as never;
const refusalOf = (call: () => Promise<unknown>) => call().catch((error: unknown) => error);
const ORDER = { service: 'ai-credits', how_many: 2, academy: 1 };

const CHECKOUT: [string, string, unknown][] = [
  ['\u1d0b\u1d07\u028f', 'key', 'order-1'], // small capitals ᴋ ᴇ ʏ
  ['\u1d0b\u1d07y', 'key', 'order-1'], // two of them
  ['\u13e6\u13ac\u13a9', 'key', 'order-1'], // Cherokee Ꮶ Ꭼ Ꭹ
  ['\ua4d7\ua4f0\ua4ec', 'key', 'order-1'], // Lisu ꓗ ꓰ ꓬ
  ['j\u1d0f\u1d1c\u0280\u0274al', 'journal', memoryJournal()], // small capitals ᴏ ᴜ ʀ ɴ
  ['\ua731\u1d1c\u0299\ua731\u1d04\u0280\u026a\u1d18\u1d1b\u026a\u1d0f\u0274', 'subscription', 7],
];

describe('a money field written with Latin-looking letters of other scripts', () => {
  it('checkout `ᴋᴇʏ` (small capitals): refused, nothing sent nor paid, however often it is run', async () => {
    const { client, sent, charges } = ownerOf('deployed');
    const order = untyped({ ...ORDER, '\u1d0b\u1d07\u028f': 'o-1' });
    const runs = [];
    for (let run = 0; run < 2; run += 1)
      runs.push(await refusalOf(() => client.consumables.checkout(order)));
    expect(charges()).toBe(0);
    expect(sent).toEqual([]);
    for (const refused of runs) {
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field: '\u1d0b\u1d07\u028f', mayHaveBeenProcessed: false });
      expect(String(refused)).toContain('did you mean `key`?');
    }
  });

  it.each(CHECKOUT)('checkout with `%s`: refused naming `%s`', async (name, meant, value) => {
    const { client, sent } = ownerOf('deployed');
    const { [meant as 'service']: _meant, ...rest } = { ...ORDER, key: 'order-1' };
    const order = untyped({ ...rest, [name]: value });
    const refused = await refusalOf(() => client.consumables.checkout(order));
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
    expect(String(refused)).toContain(`\`${meant}\``);
    expect(sent).toEqual([]);
  });

  it('beside the field itself with the same value it passes; with another, refused', async () => {
    const { client, sent } = ownerOf('deployed');
    const same = untyped({ ...ORDER, key: 'order-9', '\u1d0b\u1d07\u028f': 'order-9' });
    await client.consumables.checkout(same);
    expect(sent).toHaveLength(1);
    const other = untyped({ ...ORDER, key: 'order-8', '\u1d0b\u1d07\u028f': 'order-7' });
    const refused = await refusalOf(() => client.consumables.checkout(other));
    expect(String(refused)).toContain('written two ways');
  });
});
