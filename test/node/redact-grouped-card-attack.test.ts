import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

// `redactSecrets` with a card number as a person types it (grouped by spaces or dashes, as a
// program holding the customer's input passes it on): a service echoes it ungrouped or grouped
// otherwise, and each of those must be hidden as they are for the card given as digits.

const echoes = [
  'card 4242424242424242 declined',
  'card 4242 4242 4242 4242 declined',
  'card 4242-4242-4242-4242 declined',
  'card 4242%204242%204242%204242 declined',
  '{"pan":"4242424242424242"}',
  'pan=424242424242',
];

describe('redactSecrets and a card number given grouped', () => {
  it.each(['4242 4242 4242 4242', '4242-4242-4242-4242', '4242424242424242'])(
    'given as %j, every echo is hidden',
    (card) => {
      for (const echo of echoes) {
        const shown = redactSecrets(echo, [card]);
        expect(shown, echo).toContain('[REDACTED]');
        expect(shown, echo).not.toMatch(/4242.?4242/);
      }
    },
  );

  it('what is no card stays: a short id, an amount, a date', () => {
    const text = 'invoice 4242 of 2026-11-29: 42.42';
    expect(redactSecrets(text, ['4242 4242 4242 4242'])).toBe(text);
  });
});
