// A wall clock that jumps, property-based: while `subscriptions.waitFor` polls, the system clock
// (Date) is stepped by generated offsets, from an hour back to a day forward, after every poll.
// The wait must not notice: it times out after its `timeout` of monotonic time, not at once nor
// never, finds a subscription that appears, and reports a growing `elapsedMs`. Only
// `Retry-After` as an HTTP date reads the wall clock, as it must, and stays bounded by
// `maxRetryDelay` whatever the clock says.
// Time is fake (Date, performance.now and timers), advanced by the test: the figures below are
// exact whatever the machine's load, and the property runs in milliseconds of real time.
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, RateLimitError, SubscriptionTimeoutError } from '../../src/index.js';
import { useMockHandlers } from '../support/msw.js';

const BASE = 'https://api.clock.test';
const SEED = 20_261_125;
const RUNS = Number(process.env.SEATPAY_FUZZ_RUNS ?? 40);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIMEOUT = 400;
/** A wait that ignored its timeout is cut off here (an AbortError fails the check). */
const CUT_OFF = TIMEOUT + 2_500;

let polls = 0;
/** The poll on which the new subscription appears (never when 0). */
let appearsOn = 0;

const server = useMockHandlers(
  http.get(`${BASE}/v1/payments/me/subscription`, () => {
    polls++;
    const fresh = appearsOn && polls >= appearsOn ? [{ id: 99, status: 'ACTIVE' }] : [];
    return HttpResponse.json({ subscriptions: [{ id: 1, status: 'ACTIVE' }, ...fresh] });
  }),
);
afterEach(() => vi.useRealTimers());

const client = () =>
  createClient({ baseUrl: BASE, token: 'tok_clock_1234567890', maxRetries: 0, logLevel: 'off' });

/** Fake Date, performance.now and timers; `setSystemTime` steps Date alone (monotonic time stays). */
function fakeTime(): void {
  vi.useFakeTimers({
    toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'],
    now: Date.now(),
  });
}

/** Advances fake time in small steps (answers in between) until `pending` settles. */
async function settle<T>(pending: Promise<T>): Promise<T> {
  let done = false;
  const watched = pending.finally(() => (done = true));
  watched.catch(() => undefined);
  while (!done) await vi.advanceTimersByTimeAsync(5);
  return watched;
}

/** Steps Date by each offset in turn. */
function steppingClock(offsets: number[]) {
  fakeTime();
  let step = 0;
  return () => {
    const offset = offsets[step++ % offsets.length]!;
    vi.setSystemTime(Date.now() + offset);
  };
}

const offsets = fc.array(
  fc.oneof(fc.constantFrom(-HOUR, DAY, -DAY, HOUR), fc.integer({ min: -HOUR, max: DAY })),
  { minLength: 1, maxLength: 6 },
);

describe('waitFor keeps real time while the wall clock jumps', () => {
  it('times out after its timeout, neither at once nor never', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(offsets, async (steps) => {
        runs++;
        polls = 0;
        appearsOn = 0;
        const stepClock = steppingClock(steps);
        const elapsed: number[] = [];
        // A wait that ignored its timeout is cut off in fake time too.
        const cutOff = new AbortController();
        setTimeout(() => cutOff.abort(new Error('cut off')), CUT_OFF);
        const started = performance.now();
        const pending = client()
          .subscriptions.waitFor({
            exclude: [1],
            timeout: TIMEOUT,
            interval: 20,
            maxInterval: 40,
            signal: cutOff.signal,
            onPoll: ({ elapsedMs }) => {
              elapsed.push(elapsedMs);
              stepClock();
            },
          })
          .catch((e: unknown) => e);
        const error = await settle(pending);
        const took = performance.now() - started;
        expect(error).toBeInstanceOf(SubscriptionTimeoutError);
        expect(took).toBeGreaterThanOrEqual(TIMEOUT);
        expect(took).toBeLessThan(CUT_OFF);
        expect(polls).toBeGreaterThanOrEqual(2);
        expect(elapsed.every((ms, i) => ms >= 0 && (i === 0 || ms >= elapsed[i - 1]!))).toBe(true);
        expect(elapsed.at(-1)!).toBeLessThan(CUT_OFF);
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 60_000 },
    );
    console.log(`\nClock: ${runs} waits with the wall clock stepped after every poll, 0 wrong\n`);
  }, 90_000);

  it('finds the subscription that appears, the clock stepped back an hour and on a day', async () => {
    for (const steps of [[-HOUR], [DAY], [DAY, -DAY, -HOUR]]) {
      polls = 0;
      appearsOn = 4;
      const stepClock = steppingClock(steps);
      const found = await settle(
        client().subscriptions.waitFor({
          exclude: [1],
          timeout: 5_000,
          interval: 10,
          maxInterval: 20,
          onPoll: () => stepClock(),
        }),
      );
      expect(found.id).toBe(99);
      expect(polls).toBe(4);
    }
  });
});

describe('Retry-After as an HTTP date reads the wall clock, bounded', () => {
  it('a date a day ahead (or a clock a day behind) waits maxRetryDelay, no longer', async () => {
    let attempts = 0;
    server.use(
      http.get(`${BASE}/v1/payments/plan/:slug`, () => {
        attempts++;
        const when = new Date(Date.now() + DAY).toUTCString();
        return HttpResponse.json(
          { detail: 'slow down' },
          { status: 429, headers: { 'retry-after': when } },
        );
      }),
    );
    const retryClient = createClient({
      baseUrl: BASE,
      token: 'tok_clock_1234567890',
      maxRetries: 2,
      maxRetryDelay: 30,
      logLevel: 'off',
    });
    fakeTime();
    const started = performance.now();
    const error = await settle(retryClient.plans.get('team').catch((e: unknown) => e));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(attempts).toBe(3);
    // Two waits of maxRetryDelay (30 ms) each, in fake time: a day would never settle here.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 30);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
