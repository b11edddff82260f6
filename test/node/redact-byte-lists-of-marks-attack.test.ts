import { describe, expect, it } from 'vitest';
import { APIError } from '../../src/index.js';
import { redactSecrets } from '../../src/node.js';
import { CARD, CVC, cvcCardClient, shownOf, type CheckoutAnswer } from '../support/cvc-card.js';

// redteam44: a list of small numbers is read as bytes for a CVC too (the seventeenth pass). Scores,
// seats or rows whose numbers spell the CVC among marks (`[33, 45, 57, 56, 55, 40]` reads `!-987(`:
// the CVC standing alone) were hidden whole, `[REDACTED]` in place of the list, in a parsed answer,
// an error's body and a log's text. A text's bytes have letters, and a CVC's own bytes are digits:
// such a list is read only so.

const secrets = [CARD.card_number, CVC];
const lists = [
  [33, 45, 57, 56, 55, 40],
  [40, 41, 57, 56, 55, 60],
  [44, 57, 56, 55, 44, 47, 46],
];

describe('a list of numbers that spells a CVC among marks', () => {
  it.each(lists)('stays as it is in a parsed answer and in a log line: %j', (...list) => {
    const answer = { team: 't_1', scores: list };
    expect(redactSecrets(answer, secrets)).toEqual(answer);
    const line = `team t_1 scores: ${list.join(', ')} (ok)`;
    expect(redactSecrets(line, secrets)).toBe(line);
  });

  it('stays as it is in a checkout’s error and log', async () => {
    const checkout: { answer?: CheckoutAnswer } = {};
    const log: unknown[][] = [];
    const { client, order } = await cvcCardClient('byte-list-marks@example.com', checkout, log);
    checkout.answer = async () =>
      Response.json({ detail: 'seats taken', seats: lists[0] }, { status: 409 });
    const error = await client.consumables.checkout(order).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(shownOf(error, log)).toContain(`"seats":[${lists[0]!.join(',')}]`);
  });

  it('a CVC’s bytes, or a text’s bytes holding it, are still hidden', () => {
    for (const text of [' 987 ', '{"cvc":"987"}', 'code: 987;']) {
      const bytes = [...Buffer.from(text)];
      expect(redactSecrets({ data: bytes }, secrets)).toEqual({ data: '[REDACTED]' });
      expect(redactSecrets(`data ${bytes.join(',')}`, secrets)).toBe('data [REDACTED]');
    }
  });
});
