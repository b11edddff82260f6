// An error's body of a slice or more is redacted by a chunk loaded on first use (src/large-text/),
// and a chunk that never arrives was waited for 10 s whatever the call said: a caller that aborted,
// or whose `timeout` ran out, got nothing back for those 10 s (every wait of a call ends with its
// signal and its timeouts). The wait now ends with both; the body is then redacted in one go, the
// same result, and the call fails with the service's answer as it would have.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Seatpay from '../../src/index.js';
import { redactSecrets } from '../../src/node.js';

const TOKEN = 'tok_Wm4Xq9Lr2Zb7Kc5Nd8Vh';

let seatpay: typeof Seatpay;
let loads = 0;
/** Resolves when the call asks for the slices' chunk: it is waiting for it from then on. */
let asked: Promise<void>;

beforeEach(async () => {
  vi.resetModules();
  loads = 0;
  let ask!: () => void;
  asked = new Promise((resolve) => (ask = resolve));
  // A fresh copy of the package whose slices' chunk never arrives (a page's lost module).
  vi.doMock(import('../../src/large-text/redact-in-slices.js'), async () => {
    loads++;
    ask();
    return new Promise<never>(() => undefined);
  });
  seatpay = await import('../../src/index.js');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** About 200K characters quoting the token, as a debug dump would. */
function echoing(): string {
  let text = '';
  while (text.length < 200_000) text += `id=80421 ${TOKEN} "n":7, `;
  return text;
}

function clientAnswering(text: string, timeout?: number) {
  return seatpay.createClient({
    baseUrl: 'https://api.example.com',
    token: TOKEN,
    maxRetries: 0,
    ...(timeout === undefined ? {} : { timeout }),
    fetch: async () =>
      new Response(text, { status: 400, headers: { 'content-type': 'text/plain' } }),
  });
}

describe('the wait for the slices chunk of an error body', () => {
  it("ends with the caller's signal: the call fails with the answer, redacted", async () => {
    const text = echoing();
    const controller = new AbortController();
    const call = clientAnswering(text)
      .plans.get('team', { signal: controller.signal })
      .catch((e: unknown) => e);
    await asked;
    expect(loads).toBe(1);
    controller.abort();
    // No timer is moved past the 10 s the chunk is waited for at most (nor by the test's own
    // waits): a wait that ignores the signal never settles, and the test times out.
    await vi.advanceTimersByTimeAsync(100);
    const settled = await call;
    expect(settled).toBeInstanceOf(seatpay.APIError);
    const body = (settled as InstanceType<typeof seatpay.APIError>).body as string;
    expect(body).not.toContain(TOKEN);
    expect(body).toBe(redactSecrets(text, [TOKEN]));
  });

  it("ends with the call's timeout", async () => {
    const text = echoing();
    const call = clientAnswering(text, 2_000)
      .plans.get('team')
      .catch((e: unknown) => e);
    await asked;
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    const settled = await call;
    expect(settled).toBeInstanceOf(seatpay.APIError);
    expect((settled as InstanceType<typeof seatpay.APIError>).body).toBe(
      redactSecrets(text, [TOKEN]),
    );
  });
});
