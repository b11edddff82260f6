import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  memoryJournal,
  TimeoutError,
  type SeatpayClient,
} from '../../src/index.js';

// A helper called with the caller's own `AbortSignal.timeout(...)`, which has already fired, is
// told as a plain call tells it (`client.plans.get({ signal })`): a TimeoutError, nothing sent,
// never a bare AbortError. Its wait for the helper's chunk was the one place that said abort. The
// signal is a real `AbortSignal.timeout(0)`, used once its abort event came (an order of events,
// no time budget); a plain abort stays an AbortError. Nothing may be sent: no service runs.

/** A client that records what it would send, and sends nothing. */
function recordingClient() {
  const sent: string[] = [];
  const client = createClient({
    baseUrl: 'https://api.example.com',
    token: 't0k',
    logLevel: 'off',
    fetch: (input) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return Promise.reject(new Error('no service here'));
    },
  });
  return { client, sent };
}

/** An `AbortSignal.timeout` that has fired. */
async function timedOut(): Promise<AbortSignal> {
  const signal = AbortSignal.timeout(0);
  if (!signal.aborted) await new Promise((fired) => signal.addEventListener('abort', fired));
  return signal;
}

type Helper = (client: SeatpayClient, signal: AbortSignal) => Promise<unknown>;

/** What each call gives: the plain call's error, and each helper's. */
async function failures(helpers: Record<string, Helper>, signal: AbortSignal) {
  const { client, sent } = recordingClient();
  const plain = await client.plans.get('team-per-seat', { signal }).catch((e: unknown) => e);
  const each: [string, unknown][] = [];
  for (const [name, helper] of Object.entries(helpers)) {
    each.push([name, await helper(client, signal).catch((e: unknown) => e)]);
  }
  return { plain, each, sent };
}

const PURCHASES: Record<string, Helper> = {
  'client.purchase': (client, signal) =>
    client.purchase({
      plan: 'team-per-seat',
      card: { card_number: '4242424242424242', cvc: '123' },
      chosen_period: 'MONTH',
      signal,
    }),
  'consumables.checkout with a key': (client, signal) =>
    client.consumables.checkout(
      { service: 'ai-credits', how_many: 1, subscription: 7, key: 'k', journal: memoryJournal() },
      { signal },
    ),
  'subscriptions.waitFor': (client, signal) =>
    client.subscriptions.waitFor({ exclude: [], signal }),
};

const UPLOADS: Record<string, Helper> = {
  'media.upload': (client, signal) =>
    client.media.upload(new Uint8Array(10), {
      operation_type: 'media',
      filename: 'a.bin',
      signal,
    }),
};

describe.each([
  ['purchase', PURCHASES],
  ['upload', UPLOADS],
])("the %s helpers and the caller's AbortSignal.timeout", (_family, helpers) => {
  it('already fired: a TimeoutError, as a plain call gives, nothing sent', async () => {
    const { plain, each, sent } = await failures(helpers, await timedOut());
    expect(plain).toBeInstanceOf(TimeoutError);
    // As the helpers say it (newuser13): the plain call's said "No answer from", as of a request
    // sent, and not what to do.
    const said =
      /^Nothing was sent\b.*: the caller's signal had timed out \(call again with more time\)$/;
    expect((plain as Error).message).toMatch(said);
    for (const [name, error] of each) {
      expect((error as Error).message, name).toMatch(said);
      expect(error, name).toBeInstanceOf(TimeoutError);
      expect(error, name).toMatchObject({ mayHaveBeenProcessed: false });
      expect((error as Error).message, name).toMatch(/the caller's signal had timed out/);
      expect((error as Error).cause, name).toMatchObject({ name: 'TimeoutError' });
    }
    expect(sent).toEqual([]);
  });

  it('a reason of its own named TimeoutError, or one from another realm: as a plain call', async () => {
    // review12b: the helper's wait tells a timeout by the reason's name and message, as prepare
    // does; an Error or a DOMException made by another realm (an iframe's, a vm's) is one too.
    const late = Object.assign(new Error('the form closed'), { name: 'TimeoutError' });
    const foreign = runInNewContext(
      "Object.assign(new Error('late'), { name: 'TimeoutError' })",
    ) as unknown;
    const unnamed = { name: 'TimeoutError', message: 7 }; // no message: a plain abort
    for (const [reason, kind] of [
      [late, TimeoutError],
      [foreign, TimeoutError],
      [new DOMException('late', 'TimeoutError'), TimeoutError],
      [unnamed, AbortError],
    ] as const) {
      const controller = new AbortController();
      controller.abort(reason);
      const { plain, each, sent } = await failures(helpers, controller.signal);
      expect(plain).toBeInstanceOf(kind);
      for (const [name, error] of each) {
        expect(error, name).toBeInstanceOf(kind);
        expect({ name, cause: String((error as Error).cause) }).toEqual({
          name,
          cause: String((plain as Error).cause),
        });
      }
      expect(sent).toEqual([]);
    }
  });

  it('a plain abort stays an AbortError', async () => {
    const { plain, each, sent } = await failures(helpers, AbortSignal.abort());
    expect(plain).toBeInstanceOf(AbortError);
    for (const [name, error] of each) expect(error, name).toBeInstanceOf(AbortError);
    expect(sent).toEqual([]);
  });
});
