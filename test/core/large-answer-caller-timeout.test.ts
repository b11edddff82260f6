// The caller's own `AbortSignal.timeout(...)` is a TimeoutError wherever it ends a call: before
// anything is sent (prepare), during the request (the deadline), and, here, while a large answer
// (64K characters or more) is validated in slices or its validation error's body redacted. There it
// gave a bare AbortError ("The operation was aborted"), so `error instanceof TimeoutError` held
// for the same signal on a small answer's late request but not on a large answer's. A plain abort
// stays an AbortError. Ordered by events (the answer's log line, then a turn of the loop), no time.
import { describe, expect, it } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { SLICE } from '../../src/large-text/large-value.js';
import { answeringClient } from '../support/answering-client.js';

const TOKEN = 'tok_CallerTimeout4Lq9Zr2Vx';

/** `rows` subscriptions, the last one's id wrong when asked, as the service's JSON text. */
function listing(rows: number, wrongLast = false): string {
  const list = Array.from({ length: rows }, (_, id) => ({
    id: wrongLast && id === rows - 1 ? 'x' : id,
    status: 'ACTIVE',
    user: { id, email: `owner${id}@example.com` },
    next_renewal_amount: '49.00',
  }));
  return JSON.stringify({ subscriptions: list });
}

/** What the caller's `AbortSignal.timeout(...)` fires with (a DOMException named TimeoutError). */
const timedOut = () => new DOMException('signal timed out', 'TimeoutError');

/**
 * `subscriptions.list()` answered `text`, its caller's signal (made by `signalOf`) aborted with
 * `reason()` in the request (before its answer) or a turn of the loop after its answer was logged.
 */
async function outcomeOf(
  text: string,
  when: 'request' | 'answer',
  reason: () => unknown,
  signalOf: (controller: AbortController) => AbortSignal = (controller) => controller.signal,
) {
  const controller = new AbortController();
  const abort = () => controller.abort(reason());
  const client = answeringClient({
    token: TOKEN,
    onAnswer: () => void (when === 'answer' && setImmediate(abort)),
    fetch: async (input, init) => {
      if (when === 'request') {
        const signal = init?.signal ?? (input as Request).signal;
        setImmediate(abort);
        await new Promise((_, fail) => signal.addEventListener('abort', () => fail(signal.reason)));
      }
      return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return client.subscriptions.list({ signal: signalOf(controller) }).then(
    (data) => ({ rows: data.subscriptions.length }),
    (error: unknown) => ({ error }),
  );
}

const SIGNALS: Array<[string, (controller: AbortController) => AbortSignal]> = [
  ['its own signal', (controller) => controller.signal],
  ['AbortSignal.any of it', (controller) => AbortSignal.any([controller.signal])],
];

describe("a large answer whose caller's AbortSignal.timeout fires once it was read", () => {
  for (const [what, signalOf] of SIGNALS) {
    for (const [answer, text] of [
      ['validated in slices', listing(3_000)],
      ['its validation error redacted in slices', listing(3_000, true)],
    ] as const) {
      it(`(${what}, ${answer}) rejects with TimeoutError, as during its request`, async () => {
        expect(text.length).toBeGreaterThan(SLICE);
        const during = (await outcomeOf(text, 'request', timedOut, signalOf)) as {
          error?: unknown;
        };
        expect(during.error).toBeInstanceOf(TimeoutError);
        const { error } = (await outcomeOf(text, 'answer', timedOut, signalOf)) as {
          error?: unknown;
        };
        expect(error).toBeInstanceOf(TimeoutError);
        expect(error).toMatchObject({
          name: (during.error as TimeoutError).name,
          mayHaveBeenProcessed: false, // a read: nothing to do twice
          method: 'GET',
          cause: { name: 'TimeoutError' },
        });
        expect((error as Error).message).toMatch(/timed out .*call again with more time/);
        expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(TOKEN);
      });
    }
  }

  it('a plain abort then stays an AbortError', async () => {
    const { error } = (await outcomeOf(listing(3_000), 'answer', () => new Error('left'))) as {
      error?: unknown;
    };
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });
});
