// A review of the red team's encodings fix: a card number grouped by marks the new patterns
// missed (a colon, a comma, a bar, an en dash, four spaces, a dash URL- or JSON-escaped, hex bytes
// apart as a dump prints them), a CVC in hex of the whole card object or after a `\x3d` (`=`), and
// the other way round an amount that is a short token's hex (`ai` is `6169`) cut as a secret.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

const CARD = '4111111111111111';
const CVC = '737';
const hex = (text: string) => Buffer.from(text).toString('hex');
const grouped = (by: string) => CARD.match(/.{4}/g)!.join(by);

/** Whether `text` still shows the card: its digits with every non-digit dropped. */
const showsCard = (text: string) => text.replace(/\D/g, '').includes(CARD);

describe('redactSecrets: a card number grouped by any mark', () => {
  const echoes: [string, string][] = [
    ['a colon', grouped(':')],
    ['a comma', grouped(',')],
    ['a bar', grouped('|')],
    ['an en dash', grouped('\u2013')],
    ['four spaces', grouped('    ')],
    ['a URL-escaped dash', grouped('%2D')],
    ['a JSON-escaped dash', grouped('\\u002d')],
  ];
  it.each(echoes)('by %s', (_name, echo) => {
    const text = `card ${echo} refused`;
    const scrubbed = redactSecrets(text, [CARD]);
    expect(scrubbed).toContain('[REDACTED]');
    expect(showsCard(scrubbed)).toBe(false);
  });

  it.each([' ', ':'])('as hex bytes apart by %j (a dump)', (apart) => {
    const dump = hex(CARD).match(/../g)!.join(apart);
    const scrubbed = redactSecrets(`bytes: ${dump}`, [CARD]);
    expect(scrubbed).toBe('bytes: [REDACTED]');
  });
});

describe('redactSecrets: a CVC in hex or after an escaped mark', () => {
  it('in hex of the whole card object', () => {
    const dump = hex(JSON.stringify({ number: CARD, cvc: CVC }));
    expect(redactSecrets(`body=${dump}`, [CVC])).toBe('body=[REDACTED]');
  });

  it('after a \\x3d (an escaped "=")', () => {
    expect(redactSecrets('cvc\\x3d737', [CVC])).toBe('cvc\\x3d[REDACTED]');
  });
});

describe('redactSecrets: numbers a short secret is not', () => {
  it("an amount that is a short token's hex is kept", () => {
    // `ai` is 6169 in hex: an invoice of 6169.00 is an amount, as 737.00 is after a CVC 737.
    expect(redactSecrets({ amount: '6169.00', at: '10:41:07.6169' }, ['ai'])).toEqual({
      amount: '6169.00',
      at: '10:41:07.6169',
    });
  });

  it('a number of digits alone is not taken apart as hex', () => {
    // 20393837 is hex of " 737": an id, not a dump.
    expect(redactSecrets('order 20393837', [CVC])).toBe('order 20393837');
  });
});
