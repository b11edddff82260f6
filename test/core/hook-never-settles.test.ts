// A ky hook is the user's code, and ky runs it outside its own per-attempt timeout (ky times only
// its fetch). A hook whose promise never settles must not hold the call past its `timeout`: the
// call rejects with a TimeoutError that says whether the request left (an `afterResponse` hook runs
// after the answer came: maybe processed; a `beforeRequest` hook before anything was sent: not),
// and a money call is sent once. Fake timers: the timeout fires when the test moves the clock.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError, type ClientHooks, type SeatpayClient } from '../../src/index.js';
import type { Simulator } from '../../src/mock/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

const never = () => new Promise<never>(() => undefined);
let simulator: Simulator;
let owner: SeatpayClient;
let order: { service: string; how_many: number; subscription: number };
let charges: () => number;
let sent = 0;

beforeAll(async () => {
  ({ simulator, client: owner, order, charges } = await inMemorySubscriber('hooks@example.com'));
});
afterEach(() => void vi.useRealTimers());

/** Starts `call` under fake timers, moves the clock `ms`, and returns how it settled by then. */
async function afterMs(ms: number, call: () => Promise<unknown>) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let outcome: { resolved: unknown } | { rejected: unknown } | undefined;
  call().then(
    (resolved) => (outcome = { resolved }),
    (rejected: unknown) => (outcome = { rejected }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

function withHooks(hooks: ClientHooks, timeout: number, maxRetries = 0) {
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    sent++;
    return simulator.handle(new Request(input, init));
  };
  return owner.withOptions({ hooks, timeout, maxRetries, fetch });
}

describe('a hook that never settles', () => {
  it('beforeRequest: the call ends at its timeout, nothing was sent', async () => {
    sent = 0;
    const client = withHooks({ beforeRequest: [never] }, 1_000);
    const outcome = await afterMs(1_000, () => client.plans.get('team-per-seat'));
    expect(outcome).toEqual({ rejected: expect.any(TimeoutError) });
    const error = (outcome as { rejected: TimeoutError }).rejected;
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect(error.message).toMatch(/beforeRequest\[0\] hook did not finish within the 1000 ms/);
    expect(sent).toBe(0);
  });

  it("afterResponse: the call ends at the call's own timeout, maybe processed", async () => {
    const client = withHooks({ afterResponse: [never] }, 60_000);
    const outcome = await afterMs(500, () => client.plans.get('team-per-seat', { timeout: 500 }));
    expect(outcome).toEqual({ rejected: expect.any(TimeoutError) });
    expect(outcome).toMatchObject({ rejected: { mayHaveBeenProcessed: true } });
  });

  it('afterResponse on a checkout: the checkout is charged once, never sent again', async () => {
    const before = charges();
    sent = 0;
    const client = withHooks({ afterResponse: [never] }, 2_000, 3);
    const outcome = await afterMs(60_000, () => client.consumables.checkout(order));
    expect(outcome).toMatchObject({ rejected: { mayHaveBeenProcessed: true } });
    expect((outcome as { rejected: unknown }).rejected).toBeInstanceOf(TimeoutError);
    expect(charges() - before).toBe(1);
    expect(sent).toBe(1);
  });

  it('beforeRequest that sends the checkout itself, then hangs: maybe processed, charged once', async () => {
    // A beforeRequest hook may answer with a Response of its own fetch (a recording proxy): while
    // it runs, the request may be at the service. A call that must not be sent twice is not.
    const before = charges();
    const forwardThenHang = async ({ request }: { request: Request }) => {
      await simulator.handle(request.clone());
      return never();
    };
    const client = withHooks({ beforeRequest: [forwardThenHang] }, 1_000, 3);
    const outcome = await afterMs(60_000, () => client.consumables.checkout(order));
    expect(charges() - before).toBe(1);
    expect((outcome as { rejected: unknown }).rejected).toBeInstanceOf(TimeoutError);
    expect(outcome).toMatchObject({ rejected: { mayHaveBeenProcessed: true } });
  });

  it('a hook that settles in time changes nothing', async () => {
    const slowHook = () => new Promise<void>((resolve) => setTimeout(resolve, 900));
    const client = withHooks({ beforeRequest: [slowHook], afterResponse: [slowHook] }, 1_000);
    const outcome = await afterMs(1_800, () => client.plans.get('team-per-seat'));
    expect(outcome).toMatchObject({ resolved: { slug: 'team-per-seat' } });
  });

  it('ended by the call’s signal: an AbortError, and no timer of the hook’s left behind', async () => {
    const controller = new AbortController();
    const abortSoon = () => {
      setTimeout(() => controller.abort(), 10);
      return never();
    };
    // A beforeRequest hook may send a Request of its own making, without the call's signal.
    const replace = ({ request }: { request: Request }) =>
      new Request(request.url, { headers: request.headers });
    const client = withHooks({ beforeRequest: [replace], afterResponse: [abortSoon] }, 60_000);
    const { signal } = controller;
    const outcome = await afterMs(10, () => client.plans.get('team-per-seat', { signal }));
    expect(outcome).toEqual({ rejected: expect.any(AbortError) });
    // The hook's 60 s bound would otherwise hold a process that has nothing else to do.
    expect(vi.getTimerCount()).toBe(0);
  });
});
