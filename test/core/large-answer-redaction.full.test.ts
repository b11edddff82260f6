// Hiding the client's secrets in an answer of megabytes (an error's body, a keyed call's record)
// took most of a second of synchronous work: no timer, socket or other call of the process ran
// meanwhile. It is now done in slices, the event loop let go between them, with the same result as
// in one go: a secret that a slice's edge cuts in two is found whole. Tested by the order of
// events (a timer ticks between the answer's log line and the error or the record), never by time.
import { describe, expect, it } from 'vitest';
import { APIError, createClient, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { redactSecrets } from '../../src/node.js';
import { teamPurchase } from '../support/team-purchase.js';

const TOKEN = 'tok_7Hq2mZ9vXc4LpR8sW1nB';
/** How an answer quotes the token: plain, URL-, JSON- and HTML-escaped, base64, a piece. */
const FORMS = [
  TOKEN,
  [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
  [...TOKEN].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join(''),
  [...TOKEN].map((c) => `&#${c.charCodeAt(0)};`).join(''),
  btoa(`Bearer ${TOKEN}`),
  TOKEN.slice(4, 16),
];

/** About `size` characters of a service's debug text: digits, hex words, and the token's forms. */
function echoingText(size: number): string {
  // Pieces of odd lengths: the token's forms fall across every slice edge, at every offset.
  const filler = ['deadbeef 1234567 ', 'id=80421; ', 'cafe0042 ', '"n":7,'];
  let text = '';
  for (let at = 0; text.length < size; at++)
    text += `${filler[at % 4]!}${FORMS[at % FORMS.length]!}`;
  return text;
}

/** A timer that counts its runs: a run needs the event loop. */
function ticking() {
  const clock = { ticks: 0 };
  const timer = setInterval(() => clock.ticks++, 1);
  return { clock, stop: () => clearInterval(timer) };
}

function clientOf(fetch: typeof globalThis.fetch, logged: () => void) {
  return createClient({
    baseUrl: 'http://simulator.test',
    token: TOKEN,
    maxRetries: 0,
    logLevel: 'info',
    logger: {
      debug() {},
      info: (line: string) => line.includes('← ') && logged(),
      warn() {},
      error() {},
    },
    fetch,
  });
}

describe('an error answer of megabytes that echoes the token', () => {
  it('is redacted while timers run, as the one-go redaction does it, every form hidden', async () => {
    const text = echoingText(2_000_000);
    const { clock, stop } = ticking();
    let atAnswer = -1;
    const client = clientOf(
      async () => new Response(text, { status: 400, headers: { 'content-type': 'text/plain' } }),
      () => (atAnswer = clock.ticks),
    );
    const error = await client.seats.list(1).catch((e: unknown) => e);
    const atError = clock.ticks;
    stop();
    expect(error).toBeInstanceOf(APIError);
    // The answer's log line comes just before its error is built: the timer ran in between.
    expect(atAnswer).toBeGreaterThanOrEqual(0);
    expect(atError).toBeGreaterThan(atAnswer);
    const body = (error as APIError).body as string;
    expect(body).toBe(redactSecrets(text, [TOKEN]));
    for (const form of FORMS) expect(body).not.toContain(form);
    expect(body.split('[REDACTED]').length).toBeGreaterThan(text.length / 200);
  });
});

describe("a keyed checkout's answer of megabytes", () => {
  it('is recorded while timers run, the token hidden in every form', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'large-answer@example.com' });
    const { clock, stop } = ticking();
    let atAnswer = -1;
    let atRecord = -1;
    const notes = echoingText(2_000_000);
    const client = clientOf(
      async (input, init) => {
        const request = new Request(input, init);
        request.headers.set('authorization', `Bearer ${user.token}`);
        const response = await simulator.handle(request);
        if (!request.url.endsWith('/consumable/checkout') || !response.ok) return response;
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...body, invoice_notes: notes, lines: notes.split(' ') });
      },
      () => (atAnswer = clock.ticks),
    );
    const { subscription } = await client.purchase(teamPurchase(1));
    const memory = memoryJournal();
    const journal: PurchaseJournal = {
      get: (key, options) => memory.get(key, options),
      set: (key, record, options) => {
        if (record.stage === 'done') atRecord = clock.ticks;
        return memory.set(key, record, options);
      },
    };
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
    await client.consumables.checkout({ ...order, key: 'large-1', journal });
    stop();
    expect(atRecord).toBeGreaterThan(atAnswer);
    const record = JSON.stringify(await memory.get('large-1'));
    expect(record.length).toBeGreaterThan(1_000_000);
    for (const form of FORMS) expect(record).not.toContain(form);
  });
});
