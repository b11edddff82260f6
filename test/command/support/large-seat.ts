import { expect } from 'vitest';
import { redactSecrets } from '../../../src/node.js';

// The seat of megabytes that large-write-slices.test.ts (in process) and
// large-write-slices.full.test.ts (the real bin) have the service answer.

export const SEATS = 'GET /v2/payments/subscription/{subscription_id}/billing-team/seat';

/** A card number the run does not know: hidden by its form (src/node/card-shapes.ts), not by redactSecrets. */
export const UNKNOWN_CARD = '5555-5555-5555-4444';

/**
 * About `size` characters of a service's debug text quoting `token` in several forms, and a card
 * number the run does not know.
 */
export function echoing(token: string, size: number): string {
  const forms = [
    token,
    encodeURIComponent(token),
    btoa(`Bearer ${token}`),
    token.slice(2, 16),
    UNKNOWN_CARD,
  ];
  let text = 'debug';
  for (let at = 0; text.length < size; at++)
    text += ` row ${at} ref=cafe${at} ${forms[at % forms.length]!}`;
  return text;
}

/** Three seats, the middle one's email `large`: a service's answer to the seat list. */
export function seatsWith(large: string) {
  return [
    { id: 5, user: null, email: 'ada@example.com', is_active: true },
    { id: 6, user: null, email: large, is_active: true },
    { id: 7, user: null, email: 'bob@example.com', is_active: false },
  ];
}

/** The line of `seat` as printed: the token hidden by redactSecrets, the unknown card by its form. */
export function hidden(seat: unknown, token: string): string {
  const line = redactSecrets(`${JSON.stringify(seat)}\n`, [token]);
  expect(line).toContain(UNKNOWN_CARD);
  return line.replaceAll(UNKNOWN_CARD, '[REDACTED]');
}
