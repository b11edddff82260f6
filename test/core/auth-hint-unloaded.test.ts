// A 401's hint (what seatpay sent, the likely cause: src/auth-hint.ts) is a chunk of its own,
// loaded only when a 401 comes: a page whose calls succeed never downloads its words. The error is
// the same as when it was on the page (class, code, message); a chunk that fails to load or never
// arrives leaves the same typed error with the server's message alone: a 401 never hangs, nor turns
// into another error. Each test gets a fresh copy of the package, nothing loaded yet, as a page has
// at its start (the fast suite preloads every part).
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Seatpay from '../../src/index.js';

const TOKEN = 'tok_7Hq2mZ9vXc4LpR8sW1nB';
const NOT_PROVIDED = 'Authentication credentials were not provided.';
const URL_SAID = '(GET /v1/payments/plan/team)';
const HINT =
  "[seatpay sent `Authorization: Bearer …` (profile 'spec') but the server saw none: it takes another scheme; try profile: 'deployed' (Token) or authScheme]";

/** How the hint's chunk loads in this test: as built, failing, or never. */
const chunk = { loads: 0, mode: 'real' as 'real' | 'fails' | 'never' };
/** Resolves when a call asks for the hint's chunk. */
let asked: Promise<void>;

let seatpay: typeof Seatpay;

beforeEach(async () => {
  vi.resetModules();
  chunk.loads = 0;
  chunk.mode = 'real';
  let ask!: () => void;
  asked = new Promise((resolve) => (ask = resolve));
  // Registered anew for each fresh copy: a mock's module is kept until then.
  vi.doMock(import('../../src/auth-hint.js'), async (original) => {
    chunk.loads++;
    ask();
    if (chunk.mode === 'fails') throw new TypeError('Failed to fetch dynamically imported module');
    if (chunk.mode === 'never') await new Promise(() => undefined);
    return original();
  });
  seatpay = await import('../../src/index.js');
});

afterEach(() => {
  vi.useRealTimers();
});

// The mock, left in its last mode (a chunk that never arrives), would answer the next file's
// import of the hint where files share a module graph: its 401s waited forever.
afterAll(() => {
  vi.doUnmock(import('../../src/auth-hint.js'));
  vi.resetModules();
});

/** A client whose every answer is `status` with the deployed server's 401 body. */
function clientAnswering(status: number, options: { timeout?: number } = {}) {
  return seatpay.createClient({
    baseUrl: 'https://api.example.com',
    token: TOKEN,
    maxRetries: 0,
    ...options,
    fetch: async () =>
      status === 200
        ? Response.json({ slug: 'team' }, { status })
        : Response.json({ detail: NOT_PROVIDED, status_code: status }, { status }),
  });
}

function failureOf(promise: Promise<unknown>): Promise<InstanceType<typeof seatpay.APIError>> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as InstanceType<typeof seatpay.APIError>,
  );
}

describe("a 401's hint, loaded when a 401 comes", () => {
  it('is not loaded by a client, another status, nor a failed connection', async () => {
    const other = await failureOf(clientAnswering(403).plans.get('team'));
    expect(other).toBeInstanceOf(seatpay.PermissionDeniedError);
    const offline = seatpay.createClient({
      baseUrl: 'https://api.example.com',
      token: TOKEN,
      maxRetries: 0,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(offline.plans.get('team')).rejects.toBeInstanceOf(seatpay.ConnectionError);
    expect(chunk.loads).toBe(0);
  });

  it('gives the first 401 the error it had on the page: class, code, message', async () => {
    const first = await failureOf(clientAnswering(401).plans.get('team'));
    expect(chunk.loads).toBe(1);
    expect(first).toBeInstanceOf(seatpay.AuthenticationError);
    expect(first.message).toBe(`401 ${NOT_PROVIDED} ${HINT} ${URL_SAID}`);
    const again = await failureOf(clientAnswering(401).plans.get('team'));
    expect(chunk.loads).toBe(1);
    expect({ ...again, message: again.message }).toEqual({ ...first, message: first.message });
    expect(again.code).toBe(first.code);
  });

  it('that fails to load leaves the same typed error with the server message alone', async () => {
    chunk.mode = 'fails';
    const error = await failureOf(clientAnswering(401).plans.get('team'));
    expect(chunk.loads).toBe(1);
    expect(error).toBeInstanceOf(seatpay.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: null, body: { detail: NOT_PROVIDED } });
    expect(error.message).toBe(`401 ${NOT_PROVIDED} ${URL_SAID}`);
    // Tried again on the next 401, which then has its hint.
    chunk.mode = 'real';
    const next = await failureOf(clientAnswering(401).plans.get('team'));
    expect(next.message).toBe(`401 ${NOT_PROVIDED} ${HINT} ${URL_SAID}`);
  });

  it("that never arrives leaves the same typed error once the call's signal ends the wait", async () => {
    chunk.mode = 'never';
    const controller = new AbortController();
    const call = failureOf(clientAnswering(401).plans.get('team', { signal: controller.signal }));
    await asked;
    controller.abort();
    const error = await call;
    expect(error).toBeInstanceOf(seatpay.AuthenticationError);
    expect(error.message).toBe(`401 ${NOT_PROVIDED} ${URL_SAID}`);
  });

  it('that never arrives leaves the same typed error once the wait for it is over', async () => {
    chunk.mode = 'never';
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const call = failureOf(clientAnswering(401).plans.get('team'));
    await asked;
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await call;
    expect(error).toBeInstanceOf(seatpay.AuthenticationError);
    expect(error.code).toBe(null);
    expect(error.message).toBe(`401 ${NOT_PROVIDED} ${URL_SAID}`);
  });
});
