import { afterEach, expect, it, vi } from 'vitest';
import { seatpayWithHeldChunk } from '../support/held-chunk-seatpay.js';
import { settledNow } from '../support/settled-now.js';

// review18a: a money call's refusal waiting for its chunk (its words are there, size17) ended with
// the call's signal (redteam43) but not within its `timeout`: on a page whose chunk never arrived,
// a refused call given `{ timeout: 5_000 }` and no signal waited for ever, where a keyed checkout's
// wait for the same chunk ends within it. A fresh copy of the package (nothing loaded), its keyed
// checkout's chunk never arriving; the timers are the test's (no wall clock read).

afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('../../src/helpers/purchase/keyed-checkout.js');
});

it("a money call's refusal waiting for its chunk ends within the call's timeout: nothing sent", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { seatpay, client, sent } = await seatpayWithHeldChunk(
    'helpers/purchase/keyed-checkout.js',
  );
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
