// `subscriptions.waitFor()` whose caller's `AbortSignal.timeout(...)` fires while it waits: between
// two polls, or while a poll's request is out. A signal that had already fired is a TimeoutError
// (loose12), as a plain call's; one firing mid-wait gave a bare AbortError ("The operation was
// aborted"): the poll's own TimeoutError was taken for a transient failure, and the pause before the
// next poll ended with an abort. A plain abort stays an AbortError. The simulator on loopback; the
// signal fires on a turn of the loop after a poll (or its request) began, never by a clock.
import { describe, expect, it } from 'vitest';
import { AbortError, createClient, TimeoutError } from '../../src/index.js';
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
