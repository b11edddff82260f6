// `subscriptions.waitFor()` whose caller's `AbortSignal.timeout(...)` fires while it waits: between
// two polls, or while a poll's request is out. A signal that had already fired is a TimeoutError
// (loose12), as a plain call's; one firing mid-wait gave a bare AbortError ("The operation was
// aborted"): the poll's own TimeoutError was taken for a transient failure, and the pause before the
// next poll ended with an abort. A plain abort stays an AbortError. The simulator on loopback; the
// signal fires on a turn of the loop after a poll (or its request) began, never by a clock.
import { describe, expect, it } from 'vitest';
import { AbortError, createClient, SeatpayError, TimeoutError } from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';

const server = useMockServer();

type When = 'after a poll' | 'during a poll';

/** What waitFor rejects with when its signal fires with `reason` `when`. */
async function ended(when: When, reason: unknown, any: boolean): Promise<unknown> {
  const controller = new AbortController();
  const abort = () => setImmediate(() => controller.abort(reason));
  const client = createClient({
    baseUrl: server().url,
    token: server().simulator.users.owner.token,
    logLevel: 'off',
    fetch: (input, init) => {
      if (when === 'during a poll') abort();
      return fetch(input, init);
    },
  });
  return client.subscriptions
    .waitFor({
      exclude: [],
      match: () => false, // none ever matches: only the signal ends the wait
      interval: 60_000,
      signal: any ? AbortSignal.any([controller.signal]) : controller.signal,
      onPoll: () => void (when === 'after a poll' && abort()),
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

const timedOut = () => new DOMException('signal timed out', 'TimeoutError');

describe("subscriptions.waitFor and the caller's AbortSignal.timeout firing while it waits", () => {
  for (const when of ['after a poll', 'during a poll'] as const) {
    for (const any of [false, true]) {
      it(`(${when}${any ? ', through AbortSignal.any' : ''}) rejects with TimeoutError`, async () => {
        const error = await ended(when, timedOut(), any);
        expect(error).toBeInstanceOf(TimeoutError);
        expect((error as Error).message).toMatch(/the caller's signal timed out/);
        expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
      });
    }

    it(`(${when}) by a plain abort rejects with AbortError`, async () => {
      const error = await ended(when, new Error('left the page'), false);
      expect(error).toBeInstanceOf(AbortError);
      expect((error as Error).cause).toMatchObject({ message: 'left the page' });
    });
  }
});

// The caller's own `onPoll` or `match` that stops the wait and throws: the wait rejects with its
// error (as the cause of a SeatpayError), as when it throws with no signal. The check for the
// signal took any throw in the poll's `try` for the signal's, and the caller's own error was lost
// (not even a cause).
describe('subscriptions.waitFor whose own callback aborts its signal and throws', () => {
  for (const callback of ['onPoll', 'match'] as const) {
    for (const [how, reason] of [
      ['a plain abort', () => new Error('left the page')],
      ["an AbortSignal.timeout's", timedOut],
    ] as const) {
      it(`(${callback}, ${how}) rejects with the callback's own error as its cause`, async () => {
        const controller = new AbortController();
        const mine = new Error('my callback gave up');
        const stop = () => {
          controller.abort(reason());
          throw mine;
        };
        // One subscription listed, so that `match` is asked about it.
        const listing = JSON.stringify({
          subscriptions: [
            {
              id: 1,
              status: 'ACTIVE',
              user: { id: 1, email: 'owner@example.com' },
              next_renewal_amount: '49.00',
            },
          ],
        });
        const client = createClient({
          baseUrl: 'https://api.example.com',
          token: 'tok_WaitCallback3Rt',
          logLevel: 'off',
          fetch: async () =>
            new Response(listing, { headers: { 'content-type': 'application/json' } }),
        });
        const error = await client.subscriptions
          .waitFor({
            exclude: [],
            interval: 60_000,
            signal: controller.signal,
            ...(callback === 'onPoll' ? { onPoll: stop } : { match: stop }),
          })
          .then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
        // As any callback's throw: a SeatpayError whose cause is the caller's own error.
        expect(error).toBeInstanceOf(SeatpayError);
        expect((error as Error).cause).toBe(mine);
      });
    }
  }
});
