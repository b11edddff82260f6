import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { recordedOwners } from '../support/recorded-owner.js';

// review25, of redteam62's shape match: any name as long as a field whose other letters were all
// non-ASCII was taken for it, so a field named in Japanese (`備考欄`, three letters like `key`) was
// refused as a misspelt `key`; and the length was counted in UTF-16 units, so a look-alike outside
// the BMP (Old Italic `𐌊`, two units) made the name longer than its field and it went through.
const ownerOf = recordedOwners();

const untyped = (order: object) => order as never;
const refusalOf = (call: () => Promise<unknown>) => call().catch((error: unknown) => error);
const ORDER = { service: 'ai-credits', how_many: 2, academy: 1 };

describe('a money field matched by its shape', () => {
  it.each(['備考欄', '메모란', 'ملاحظات'])(
    'checkout with a field named in another language (`%s`) is sent, not refused',
    async (name) => {
      const { client, sent } = ownerOf('deployed');
      await refusalOf(() => client.consumables.checkout(untyped({ ...ORDER, [name]: 'gift' })));
      expect(sent).toHaveLength(1);
    },
  );

  it('pay.bag with a field named in Japanese as long as `token` (`ご依頼主様`) is sent', async () => {
    const { client, sent } = ownerOf('deployed');
    const order = untyped({ token: 'bag-token', chosen_period: 'MONTH', ご依頼主様: 'Sato' });
    await refusalOf(() => client.pay.bag(order));
    expect(sent).toHaveLength(1);
  });

  it('checkout `𐌊ey` (an Old Italic letter, outside the BMP): refused naming `key`', async () => {
    const { client, sent } = ownerOf('deployed');
    const name = '\u{1030a}ey';
    const refused = await refusalOf(() =>
      client.consumables.checkout(untyped({ ...ORDER, [name]: 'order-1' })),
    );
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
    expect(String(refused)).toContain('did you mean `key`?');
    expect(sent).toEqual([]);
  });

  it('pay.bag `𐌊ey`: refused as a key is there, nothing sent', async () => {
    const { client, sent } = ownerOf('deployed');
    const name = '\u{1030a}ey';
    const order = untyped({ token: 'bag-token', chosen_period: 'MONTH', [name]: 'order-1' });
    const refused = await refusalOf(() => client.pay.bag(order));
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(String(refused)).toContain(`\`${name}\` is read by no`);
    expect(sent).toEqual([]);
  });
});
