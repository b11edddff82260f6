// A money call (pay) whose large answer came, and whose caller's AbortSignal.timeout fired while
// that answer was checked in slices (its validation error's body redacted), was carried out: its TimeoutError said "call again with
// more time", advice that pays twice. It says the call was carried out, and a read still says to
// call again (large-answer-caller-timeout.test.ts). Ordered by events (the answer's log line, then
// a turn of the loop), no time.
import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../src/index.js';
import { SLICE } from '../../src/large-text/large-value.js';
import { answeringClient } from '../support/answering-client.js';

/** A payment answer of more than a slice of text, its `id` wrong: its error's body redacted in slices. */
function payment(): string {
  const notes = Array.from({ length: 3_000 }, (_, i) => ({
    i,
    text: 'abcdefghijklmnopqrstuvwxyz',
  }));
  return JSON.stringify({ id: 'x', status: 'FULFILLED', notes });
}

/** `client.pay.bag()` answered `text`; the caller's AbortSignal.timeout fires once it is logged. */
async function payFailure(text: string): Promise<unknown> {
  const controller = new AbortController();
  const timedOut = () => controller.abort(new DOMException('signal timed out', 'TimeoutError'));
  const client = answeringClient({
    token: 'tok_LargePay7Qw2',
    text,
    onAnswer: () => void setImmediate(timedOut),
  });
  return client.pay
    .bag({ token: 'bag_1', chosen_period: 'MONTH' }, { signal: controller.signal })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

describe("a pay whose caller's AbortSignal.timeout fires while its large answer is checked", () => {
  it('(its validation error redacted in slices) never says to call again', async () => {
    const text = payment();
    expect(text.length).toBeGreaterThan(SLICE);
    const error = await payFailure(text);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true, method: 'POST' });
    const { message } = error as TimeoutError;
    expect(message).toContain('carried out');
    expect(message).not.toMatch(/call again with more time/);
  });
});
