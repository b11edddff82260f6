// The slow part of test/core/large-answer-validation.test.ts (seconds of CPU: a 5 MB body redacted
// in slices, a 6,000-row listing aborted at seven turns): a large answer's call aborted while its
// error body is redacted, or while zod copies its rows. Tested by the order of events, never time.
import { describe, expect, it } from 'vitest';
import { AbortError, type ResponseValidationError } from '../../src/index.js';
import { abortedAfterTurns } from './support/large-listing-calls.js';

describe("a large answer's validation error whose body is still being redacted in slices", () => {
  /** A call whose caller aborts `turns` turns of the loop after the answer's log line. */
  function abortedDuringBody(turns: number | undefined, totalTimeout?: number) {
    // Two rows, one wrong, then 5 MB of text: validated in a turn or two, redacted in about 80.
    const text = JSON.stringify({ subscriptions: [{ id: 1 }, { id: 'x' }], note: 'x'.repeat(5e6) });
    return abortedAfterTurns(turns, text, totalTimeout);
  }

  it('rejects with AbortError once the caller aborts, not with the error once redacted', async () => {
    const whole = await abortedDuringBody(undefined); // the slices' code loaded
    expect((whole as { error: ResponseValidationError }).error.body).toMatchObject({
      note: 'x'.repeat(5e6),
    });
    for (const totalTimeout of [undefined, 60_000]) {
      const { settledAt, ...outcome } = await abortedDuringBody(10, totalTimeout);
      const { error } = outcome as { error?: unknown };
      expect(error).toBeInstanceOf(AbortError);
      expect((error as AbortError).cause).toMatchObject({ message: 'left the page' });
      expect(settledAt).toBe(10); // at once, not some 70 turns later
    }
  });
});

describe('a large valid answer aborted while zod copies its rows', () => {
  it('rejects with AbortError on the abort’s turn, in either pass over the rows', async () => {
    // Every row plain but the last (its amount a number): the plain pass, then zod's copy of all.
    const row = (id: number, amount: string) =>
      `{"id":${id},"status":"ACTIVE","user":{"id":${id},"email":"o${id}@example.com"},"next_renewal_amount":${amount}}`;
    const rows = Array.from({ length: 6_000 }, (_, id) => row(id, id === 5_999 ? '49' : '"49.00"'));
    const text = `{"subscriptions":[${rows.join(',')}]}`;
    let ran = 0;
    for (const turns of [1, 3, 6, 9, 12, 16, 20]) {
      const { error, settledAt } = (await abortedAfterTurns(turns, text)) as {
        error?: unknown;
        settledAt: number;
      };
      if (error === undefined) break; // done before that turn
      ran++;
      expect(error).toBeInstanceOf(AbortError);
      expect(settledAt).toBe(turns);
    }
    expect(ran).toBeGreaterThan(4); // the last aborts fall in zod's copy, the second pass
  });
});
