// The code that redacts a large answer in slices (src/large-text/) is a chunk of its own, loaded
// only when an answer of a slice or more must be redacted: a page whose answers are small never
// downloads it, and a chunk that fails to load or never arrives leaves the answer redacted in one
// go, with the same result (never unredacted, never a hang). Each test gets a fresh copy of the
// package, nothing loaded yet, as a page has at its start (the fast suite preloads every part).
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Seatpay from '../../src/index.js';
import { redactSecrets } from '../../src/node.js';

const TOKEN = 'tok_7Hq2mZ9vXc4LpR8sW1nB';

/** How the slices' chunk loads in this test: as built, failing, or never. */
const chunk = { loads: 0, mode: 'real' as 'real' | 'fails' | 'never' };
/** Resolves when a call asks for the slices' chunk. */
let asked: Promise<void>;

let seatpay: typeof Seatpay;

beforeEach(async () => {
  vi.resetModules();
  chunk.loads = 0;
  chunk.mode = 'real';
  let ask!: () => void;
  asked = new Promise((resolve) => (ask = resolve));
  // Registered anew for each fresh copy: a mock's module is kept until then.
  vi.doMock(import('../../src/large-text/redact-in-slices.js'), async (original) => {
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
// import of the slices where files share a module graph: its large answers waited forever.
afterAll(() => {
  vi.doUnmock(import('../../src/large-text/redact-in-slices.js'));
  vi.resetModules();
});

/** About `size` characters that quote the token every few dozen, as a debug dump would. */
function echoing(size: number): string {
  let text = '';
  while (text.length < size) text += `id=80421; cafe0042 ${TOKEN} "n":7, `;
  return text;
}

/** A client whose every answer is a 400 with `text` as its body. */
function clientAnswering(text: string) {
  return seatpay.createClient({
    baseUrl: 'https://api.example.com',
    token: TOKEN,
    maxRetries: 0,
    fetch: async () =>
      new Response(text, { status: 400, headers: { 'content-type': 'text/plain' } }),
  });
}

describe('the slices of a large redaction', () => {
  it('are not loaded by a client, nor by a small answer, nor by a failed connection', async () => {
    const small = await clientAnswering(echoing(2_000))
      .plans.get('team')
      .catch((e: unknown) => e);
    expect(small).toBeInstanceOf(seatpay.APIError);
    expect((small as InstanceType<typeof seatpay.APIError>).body).not.toContain(TOKEN);
    const offline = seatpay.createClient({
      baseUrl: 'https://api.example.com',
      token: TOKEN,
      maxRetries: 0,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(offline.plans.get('team')).rejects.toBeInstanceOf(seatpay.ConnectionError);
    expect(chunk.loads).toBe(0);
  });

  it('are loaded by an answer of a slice or more, which they redact', async () => {
    const text = echoing(200_000);
    const error = await clientAnswering(text)
      .plans.get('team')
      .catch((e: unknown) => e);
    expect(chunk.loads).toBe(1);
    expect((error as InstanceType<typeof seatpay.APIError>).body).toBe(
      redactSecrets(text, [TOKEN]),
    );
  });

  it('that fail to load leave the answer redacted in one go, the same result', async () => {
    chunk.mode = 'fails';
    const text = echoing(200_000);
    const error = await clientAnswering(text)
      .plans.get('team')
      .catch((e: unknown) => e);
    expect(chunk.loads).toBe(1);
    expect(error).toBeInstanceOf(seatpay.APIError);
    const body = (error as InstanceType<typeof seatpay.APIError>).body as string;
    expect(body).not.toContain(TOKEN);
    expect(body).toBe(redactSecrets(text, [TOKEN]));
  });

  it('that never arrive leave the answer redacted in one go once the wait for them is over', async () => {
    chunk.mode = 'never';
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const text = echoing(200_000);
    const call = clientAnswering(text)
      .plans.get('team')
      .catch((e: unknown) => e);
    await asked;
    expect(chunk.loads).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    const settled = await call;
    expect(settled).toBeInstanceOf(seatpay.APIError);
    expect((settled as InstanceType<typeof seatpay.APIError>).body).toBe(
      redactSecrets(text, [TOKEN]),
    );
  });
});
