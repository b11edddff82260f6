// A `totalTimeout` (the client's or the call's) with no signal of the caller's: its deadline stands
// in for a signal during the request and no longer follows the call once the answer was read, as
// it does when the caller gives a signal too. A large answer (validated, or its error's body
// redacted, in slices) whose deadline passes after it was read must give what a small one gives:
// the data, or its ResponseValidationError; it gave `AbortError` ("The operation was aborted") to
// a caller who aborted nothing. The deadline's clock is vitest's (setTimeout), moved on once the
// answer's log line is written.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import { SLICE } from '../../src/large-text/large-value.js';
import { answeringClient } from '../support/answering-client.js';

const TOKEN = 'tok_Deadline7Hq2mZ9vXc4LpR8s';

/** `rows` subscriptions (one of them wrong when asked), as the service's JSON text. */
function listing(rows: number, wrongAt = -1): string {
  const list = Array.from({ length: rows }, (_, id) => ({
    id: id === wrongAt ? 'x' : id,
    status: 'ACTIVE',
    user: { id: 1000 + id, email: `owner${id}@example.com` },
    next_renewal_amount: '49.00',
  }));
  return JSON.stringify({ subscriptions: list });
}

/** `subscriptions.list()` answered `text`, its deadline passed once the answer was read. */
async function outcomeOf(text: string, where: 'client' | 'call', signal?: AbortSignal) {
  const totalTimeout = 30_000;
  const client = answeringClient({
    token: TOKEN,
    text,
    ...(where === 'client' ? { totalTimeout } : {}),
    onAnswer: () => void vi.advanceTimersByTime(60_000),
  });
  const options = { ...(where === 'call' ? { totalTimeout } : {}), ...(signal ? { signal } : {}) };
  return client.subscriptions.list(options).then(
    (data) => ({ rows: data.subscriptions.length }),
    (error: unknown) => ({ error }),
  );
}

afterEach(() => void vi.useRealTimers());

describe("a large answer whose totalTimeout passes once it was read, no caller's signal", () => {
  for (const where of ['client', 'call'] as const) {
    it(`(the ${where}'s totalTimeout) is returned, as a small one and one with a signal are`, async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const large = listing(3_000);
      expect(large.length).toBeGreaterThan(SLICE);
      expect(await outcomeOf(listing(20), where)).toEqual({ rows: 20 });
      expect(await outcomeOf(large, where, new AbortController().signal)).toEqual({ rows: 3_000 });
      expect(await outcomeOf(large, where)).toEqual({ rows: 3_000 });
    });

    it(`(the ${where}'s totalTimeout) that fails validation rejects with its ResponseValidationError`, async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const outcome = await outcomeOf(listing(3_000, 2_999), where);
      const { error } = outcome as { error?: unknown };
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toEqual([
        ['subscriptions', 2_999, 'id'],
      ]);
      expect((error as ResponseValidationError).body).toMatchObject({
        subscriptions: expect.any(Array),
      });
    });
  }
});
