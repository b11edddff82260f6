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

  it('keeps keys that name members of Object.prototype as own keys, and hides secrets under them', () => {
    // The copy assigns most keys (cheaper than defining them, issue 37): an inherited name must
    // still become an own key, never the copy's prototype, with its secrets hidden.
    const answer = JSON.parse(
      `{"__proto__": {"polluted": "${token}"}, "toString": "${card}", "constructor": 7, "id": 1}`,
    ) as Record<string, unknown>;
    const shown = redactSecrets(answer, [token, card]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(Object.keys(shown)).toEqual(['__proto__', 'toString', 'constructor', 'id']);
    expect((shown as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(shown, '__proto__')?.value).toEqual({
      polluted: '[REDACTED]',
    });
    expect(Object.getOwnPropertyDescriptor(shown, 'toString')).toEqual({
      value: '[REDACTED]',
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(JSON.stringify(shown)).toBe(
      '{"__proto__":{"polluted":"[REDACTED]"},"toString":"[REDACTED]","constructor":7,"id":1}',
    );
  });
});
