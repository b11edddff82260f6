import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConnectionError, TimeoutError } from '../../src/index.js';
import { PAYMENT, PLAN } from '../resources/fixtures.js';
import { BASE_URL, testClient, useMockService } from '../support/msw.js';

// What `timeout` means at its edges now that ky's own per-attempt timeout enforces it
// (ky-cost.md §7): 0 ms is no time at all, 1 ms a real (short) attempt.
const { server, seen } = useMockService();
/** How late the slow answers come: far beyond 1 ms, even on a busy machine. */
const SLOW = 1_000;

const slowPlan = http.get(`${BASE_URL}/v1/payments/plan/:slug`, async () => {
  await delay(SLOW);
  return HttpResponse.json(PLAN);
});
const slowPay = http.post(`${BASE_URL}/v1/payments/pay`, async () => {
  await delay(SLOW);
  return HttpResponse.json(PAYMENT);
});
const PAY = { token: 'bag_1', chosen_period: 'MONTH' } as const;

/** A fetch that counts its calls as they are made: what was sent is known once the call settled. */
function countingFetch() {
  const counted = { calls: 0 };
  const fetcher: typeof fetch = (input, init) => (counted.calls++, fetch(input, init));
  return { fetch: fetcher, counted };
}

describe('timeout: 0', () => {
  it('rejects at once with a TimeoutError that says nothing was sent, and is not retried', async () => {
    server.use(slowPlan);
    const { fetch, counted } = countingFetch();
    const error = await testClient({ timeout: 0, maxRetries: 5, fetch })
      .plans.get('team-per-seat')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    // It said "No answer from GET ... within 0 ms", as if the request went out unanswered.
    expect((error as Error).message).toMatch(
      /^Nothing was sent to GET \S+\/v1\/payments\/plan\/team-per-seat: its timeout is 0 ms \(give more\)$/,
    );
    expect(counted.calls).toBe(0);
    expect(seen).toEqual([]);
  });

  it('per call too, for a call that moves money', async () => {
    server.use(slowPay);
    const { fetch, counted } = countingFetch();
    const error = await testClient({ fetch })
      .pay.bag(PAY, { timeout: 0 })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: 'TimeoutError', mayHaveBeenProcessed: false });
    expect(counted.calls).toBe(0);
    expect(seen).toEqual([]);
  });
});

describe('timeout: 1 ms', () => {
  it('sends each attempt and times it out: an idempotent call gets maxRetries + 1 attempts', async () => {
    server.use(slowPlan);
    const error = await testClient({ timeout: 1, maxRetries: 2 })
      .plans.get('team-per-seat')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(seen).toHaveLength(3);
  });

  it('a pay that timed out may have been processed, so it is sent once only', async () => {
    server.use(slowPay);
    // Counted as sent, known once the call settled: a 50 ms wait for the mock to see a second
    // attempt let one after a longer retry delay through.
    const { fetch, counted } = countingFetch();
    const error = await testClient({ maxRetries: 3, fetch })
      .pay.bag(PAY, { timeout: 1 })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: 'TimeoutError', mayHaveBeenProcessed: true });
    expect(counted.calls).toBe(1);
  });
});
