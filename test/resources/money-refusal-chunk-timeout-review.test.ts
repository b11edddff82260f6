import { afterEach, expect, it, vi } from 'vitest';

// review18a: a money call's refusal waiting for its chunk (its words are there, size17) ended with
// the call's signal (redteam43) but not within its `timeout`: on a page whose chunk never arrived,
// a refused call given `{ timeout: 5_000 }` and no signal waited for ever, where a keyed checkout's
// wait for the same chunk ends within it. A fresh copy of the package (nothing loaded), its keyed
// checkout's chunk never arriving; the timers are the test's (no wall clock read).

afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('../../src/helpers/purchase/keyed-checkout.js');
});

/** Whether `promise` has settled once the turns now queued have run (no clock read). */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

it("a money call's refusal waiting for its chunk ends within the call's timeout: nothing sent", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.resetModules();
  vi.doMock('../../src/helpers/purchase/keyed-checkout.js', () => new Promise<never>(() => {}));
  const seatpay = await import('../../src/index.js');
  const sent: string[] = [];
  const client = seatpay.createClient({
    baseUrl: 'https://api.example.com',
    token: 't0k',
    fetch: (input: RequestInfo | URL) => {
      sent.push(String(input));
      return Promise.resolve(new Response('{}', { status: 500 }));
    },
  });
  const order = { service: 'ai-credits', how_many: 2, subscription: 7 };
  const refused = client.consumables
    .checkout({ ...order, ...{ maxRetries: 0 } }, { timeout: 5_000 })
    .catch((error: unknown) => error);
  expect(await settledNow(refused)).toBe(false);
  vi.advanceTimersByTime(5_000);
  expect(await settledNow(refused)).toBe(true);
  const error = await refused;
  expect(error).toBeInstanceOf(seatpay.ConnectionError);
  expect(error).toMatchObject({ mayHaveBeenProcessed: false });
  expect(String(error)).toContain('within 5000 ms');
  expect(sent).toEqual([]);
});
