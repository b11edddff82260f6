import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  createClient,
  InvalidRequestError,
  TimeoutError,
  type ClientOptions,
} from '../../src/index.js';
import { PLAN } from '../resources/fixtures.js';

// `totalTimeout`: one deadline for a whole call, retries, backoff and Retry-After waits included.
// The clock is vitest's fake setTimeout, and the service a fetch of the test's own that answers
// (or never answers) at once: what happens depends on the order of events, never on how fast the
// machine is.

afterEach(() => void vi.useRealTimers());

type Answer = 'hang' | Response;

/** A client whose fetch gives `answers` in turn (the last one again and again), counting calls. */
function clientAnswering(answers: (() => Answer)[], options: ClientOptions = {}) {
  const calls: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    const answer = (answers[calls.length - 1] ?? answers.at(-1)!)();
    if (answer !== 'hang') return Promise.resolve(answer);
    return new Promise((_resolve, reject) => {
      const { signal } = request;
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  };
  const client = createClient({
    baseUrl: 'https://api.example.com',
    token: 'test-token',
    logLevel: 'off',
    fetch,
    ...options,
  });
  return { client, calls };
}

const rateLimited = () =>
  new Response(JSON.stringify({ detail: 'slow down' }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '60' },
  });
const plan = () =>
  new Response(JSON.stringify(PLAN), { headers: { 'content-type': 'application/json' } });

/** Starts `run`, lets the fake clock move `ms` once the event loop is idle, and gives the error. */
async function errorAfter(run: Promise<unknown>, ms: number): Promise<unknown> {
  const settled = run.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('totalTimeout', () => {
  it('ends a Retry-After wait: TimeoutError once it runs out, not after the 60 s the service asked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, calls } = clientAnswering([rateLimited, plan], { maxRetries: 2 });
    const error = await errorAfter(
      client.plans.get('team-per-seat', { totalTimeout: 5_000 }),
      5_000,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/5000 ms/);
    // Refused with 429 and waiting: nothing was processed.
    expect(error).toMatchObject({ mayHaveBeenProcessed: false, method: 'GET' });
    expect(calls).toEqual(['GET /v1/payments/plan/team-per-seat']);
  });

  it('ends an attempt in flight, under a per-attempt timeout far longer: maybe processed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, calls } = clientAnswering([() => 'hang'], {
      timeout: 30_000,
      totalTimeout: 1_000,
    });
    const error = await errorAfter(client.plans.get('team-per-seat'), 1_000);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(calls).toHaveLength(1);
  });

  it('the client option, overridden per call', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const options = { totalTimeout: 1_000, maxRetries: 2 };
    const hurried = clientAnswering([rateLimited, plan], options).client.plans.get('team-per-seat');
    expect(await errorAfter(hurried, 1_000)).toBeInstanceOf(TimeoutError);
    const patient = clientAnswering([rateLimited, plan], options).client.plans.get(
      'team-per-seat',
      {
        totalTimeout: 120_000,
      },
    );
    expect(await errorAfter(patient, 61_000)).toBe('resolved');
  });

  it('covers a token provider that never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, calls } = clientAnswering([plan], {
      token: () => new Promise<string>(() => undefined),
      totalTimeout: 2_000,
    });
    const error = await errorAfter(client.plans.get('team-per-seat'), 2_000);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect(calls).toEqual([]);
  });

  it('an invalid value is refused before anything is sent, at createClient and per call', async () => {
    const { client, calls } = clientAnswering([plan]);
    expect(() =>
      createClient({ baseUrl: 'https://a.example', token: 't', totalTimeout: -5 }),
    ).toThrow(InvalidRequestError);
    const error = await client.plans
      .get('team-per-seat', { totalTimeout: Number.NaN })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidRequestError', field: 'totalTimeout' });
    expect(calls).toEqual([]);
  });
});

describe("the caller's own signal", () => {
  /** A GET that never answers, aborted with `reason` once it is under way. */
  async function abortedWith(reason?: unknown): Promise<unknown> {
    const { client } = clientAnswering([() => 'hang']);
    const controller = new AbortController();
    const run = client.plans
      .get('team-per-seat', { signal: controller.signal })
      .catch((e: unknown) => e);
    await Promise.resolve();
    controller.abort(reason);
    return run;
  }

  it('AbortSignal.timeout firing (a TimeoutError DOMException) is a TimeoutError that says so', async () => {
    const error = await abortedWith(
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/timeout/);
  });

  it('a signal that had already timed out: TimeoutError, nothing sent', async () => {
    const { client, calls } = clientAnswering([plan]);
    const signal = AbortSignal.abort(new DOMException('timed out', 'TimeoutError'));
    const error = await client.plans.get('team-per-seat', { signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect(calls).toEqual([]);
  });

  it('a plain abort stays an AbortError', async () => {
    expect(await abortedWith()).toBeInstanceOf(AbortError);
  });
});
