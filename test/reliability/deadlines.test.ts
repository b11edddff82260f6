import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  PurchaseError,
  TimeoutError,
  type ClientOptions,
  type PurchaseOptions,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { TEAM_PURCHASE } from './support/team-purchase.js';

// Overall deadlines: `totalTimeout` on purchase(), and a caller's AbortSignal.timeout, end in a
// TimeoutError that says so, never a bare abort. The clock is vitest's fake one (setTimeout and
// clearTimeout only: the loopback simulator still answers for real); a route "hangs" by a fetch
// that never answers until its signal fires, and the clock moves only once that fetch was made,
// so the order of events decides, never a wall-clock budget. Run alone:
//   npx vitest run test/reliability/deadlines.test.ts

const BUY: PurchaseOptions = {
  ...TEAM_PURCHASE,
  exclude: [],
  pollInterval: 10,
};

let server: MockServer;
let users = 0;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 0 })));
afterEach(() => void vi.useRealTimers());
afterAll(() => server?.close());

/** A client whose requests matching `hangs` never get an answer; `hung` resolves when one is made. */
function hangingClient(
  hangs: (method: string, url: string) => boolean,
  options: ClientOptions = {},
) {
  const user = server.simulator.addUser({ email: `deadline-${++users}@example.com` });
  let reached!: () => void;
  const hung = new Promise<void>((resolve) => (reached = resolve));
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (!hangs(request.method, request.url)) return globalThis.fetch(request);
    reached();
    return new Promise((_resolve, reject) => {
      const { signal } = request;
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  };
  const client = createClient({
    baseUrl: server.url,
    token: user.token,
    logLevel: 'off',
    retryBaseDelay: 1,
    fetch,
    ...options,
  });
  const payments = () =>
    server.simulator.charges.filter((c) => c.kind === 'payment' && c.user === user.id).length;
  return { client, hung, payments };
}

const failure = (run: Promise<unknown>) =>
  run.then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error as PurchaseError,
  );

describe('purchase({ totalTimeout })', () => {
  it('runs out while the plan is read: PurchaseError, charged no, caused by a TimeoutError', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, hung, payments } = hangingClient((method, url) => url.includes('/plan/'));
    const run = failure(client.purchase({ ...BUY, totalTimeout: 5_000 }));
    await hung;
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await run;
    expect(error).toBeInstanceOf(PurchaseError);
    expect(error).toMatchObject({ step: 'plan', charged: 'no' });
    expect(error.cause).toBeInstanceOf(TimeoutError);
    expect((error.cause as Error).message).toMatch(/5000 ms/);
    expect(payments()).toBe(0);
  });

  it('runs out while waiting for the subscription: charged yes, a TimeoutError that may have been processed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, hung, payments } = hangingClient(
      (method, url) => method === 'GET' && url.endsWith('/me/subscription'),
    );
    const run = failure(client.purchase({ ...BUY, totalTimeout: 60_000, waitTimeout: 600_000 }));
    await hung;
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await run;
    expect(error).toMatchObject({ step: 'wait', charged: 'yes', mayHaveBeenProcessed: true });
    expect(error.cause).toBeInstanceOf(TimeoutError);
    expect(error.cause).toMatchObject({ mayHaveBeenProcessed: true });
    expect(payments()).toBe(1);
  });

  it("the caller's own AbortSignal.timeout firing is told as a timeout too", async () => {
    const { client, hung } = hangingClient((method, url) => url.includes('/plan/'));
    const controller = new AbortController();
    const run = failure(client.purchase({ ...BUY, signal: controller.signal }));
    await hung;
    // What AbortSignal.timeout fires with, fired by hand: no clock involved.
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    const error = await run;
    expect(error.cause).toBeInstanceOf(TimeoutError);
    expect((error.cause as Error).message).toMatch(/timeout/);
  });

  it('an invalid totalTimeout is refused before anything is sent', async () => {
    const { client } = hangingClient(() => true);
    const error = await client.purchase({ ...BUY, totalTimeout: -1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidRequestError', field: 'totalTimeout' });
  });
});
