// A large answer under a totalTimeout with no caller's signal: once its answer is read, the
// deadline no longer aborts its validation (redteam27). The deadline must still end the request
// itself: a body that never ends, from a fetch that does not end it on the signal, rejects with
// TimeoutError when the deadline passes, never waits for ever. The clock is vitest's (setTimeout),
// moved past the deadline as the body's 50th piece is read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, TimeoutError } from '../../src/index.js';

afterEach(() => void vi.useRealTimers());

describe('a large answer whose body never ends, under a totalTimeout and no signal', () => {
  it('rejects with TimeoutError once the deadline passes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const text = new TextEncoder();
    let pieces = 0;
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token: 'tok_Endless7Hq2mZ9vXc4LpR8s',
      maxRetries: 0,
      totalTimeout: 30_000,
      fetch: async () => {
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => controller.enqueue(text.encode('{"subscriptions":[')),
          pull(controller) {
            if (++pieces === 50) vi.advanceTimersByTime(60_000);
            if (pieces > 60) return new Promise<void>(() => undefined); // never more, never ends
            controller.enqueue(text.encode(`{"id":${pieces},"status":"ACTIVE"},`.repeat(2_000)));
          },
        });
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      },
    });
    const outcome = client.subscriptions.list().then(
      () => 'resolved',
      (error: unknown) => error,
    );
    // Turns of the event loop enough for every piece to be read many times over.
    const waited = (async () => {
      for (let turn = 0; turn < 500; turn++) await new Promise((go) => setImmediate(go));
      return 'still waiting';
    })();
    const first = await Promise.race([outcome, waited]);
    expect(first).toBeInstanceOf(TimeoutError);
    expect(pieces).toBeGreaterThanOrEqual(50);
  });
});
