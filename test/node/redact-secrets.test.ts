import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

// `redactSecrets` (seatpay/node): the SDK's own redaction for a program that prints answers.

describe('redactSecrets', () => {
  const token = 'tok_live_5d41402abc4b2a76b9719d911017c592';
  const card = '4242424242424242';

  it('hides the secrets in every string and key, plain and encoded, and masks secret fields', () => {
    const answer = {
      note: `token ${token}`,
      url: `https://x.test/?t=${encodeURIComponent(token)}`,
      basic: Buffer.from(`user:${token}`).toString('base64'),
      grouped: '4242 4242 4242 4242',
      [token]: 'keyed by it',
      card_number: '4000000000000002',
      items: [{ echo: card }],
      id: 7,
    };
    const shown = JSON.stringify(redactSecrets(answer, [token, card]));
    expect(shown).not.toContain(token);
    expect(shown).not.toContain(Buffer.from(token).toString('base64').slice(4, 20));
    expect(shown).not.toContain('4242');
    expect(shown).not.toContain('4000000000000002');
    expect(JSON.parse(shown)).toMatchObject({ id: 7, card_number: '[REDACTED]' });
    expect(redactSecrets(`said ${token}`, [token])).toBe('said [REDACTED]');
  });

  it('leaves a value with no secret as it was', () => {
    expect(redactSecrets({ id: 7, email: 'a@example.com' }, [token])).toEqual({
      id: 7,
      email: 'a@example.com',
    });
  });
});
