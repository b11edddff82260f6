import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startSimulator } from '../../examples/browser/browser-example.js';
// Types only: the page runs the bundle of dist/index.js, built from this source.
import type * as Seatpay from '../../src/index.js';
import { useSplitPageBrowser } from './support/split-page-browser.js';

// review17c: a page (esbuild --splitting over dist/) whose lazy chunks cannot load any more (the
// page went offline, a deployment removed them). A call's connection error, timeout and abort, a
// service's refusal in English or Spanish and a bad input are each the error they are, with no
// code fetched for them: only the money calls' refusal texts (size17) need a chunk, and without
// it they are a ConnectionError that says nothing was sent.

const DIST_INDEX = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const PAGE = `
import * as seatpay from ${JSON.stringify(DIST_INDEX)};
window.seatpay = seatpay;
`;

const bed = useSplitPageBrowser(PAGE, { startService: startSimulator, seen: (r) => r.url() });

/** What a failed call was: its class among the exports, code, message, and nothing sent. */
interface Failure {
  kind: string;
  code?: unknown;
  message: string;
}

it('fails each call as it should with no chunk fetched, the chunks unreachable', async () => {
  const asked: string[] = [];
  await bed.page.route(`${bed.pageServer.url}**`, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await route.abort('internetdisconnected');
  });
  // The service's side, faked in the browser: refused, never answering, refusing in two languages.
  await bed.page.route('http://refused.test/**', (route) => route.abort('connectionrefused'));
  await bed.page.route('http://silent.test/**', () => undefined);
  const refusal = (message: string) => ({
    status: 404,
    contentType: 'application/json',
    body: JSON.stringify({ detail: message }),
  });
  await bed.page.route('http://english.test/**', (r) => r.fulfill(refusal('Seat not found')));
  await bed.page.route('http://spanish.test/**', (r) =>
    r.fulfill(refusal('Asiento no encontrado')),
  );

  const failures = await bed.page.evaluate(async () => {
    const seatpay = (window as never as { seatpay: typeof Seatpay }).seatpay;
    const kinds = ['TimeoutError', 'ConnectionError', 'AbortError', 'APIError'] as const;
    const kindOf = (error: unknown) =>
      kinds.find((name) => error instanceof seatpay[name]) ??
      (error instanceof seatpay.InvalidRequestError ? 'InvalidRequestError' : String(error));
    const failure = async (call: Promise<unknown>): Promise<Failure> => {
      const error = (await call.then(
        () => new Error('answered'),
        (e: unknown) => e,
      )) as { code?: unknown; message: string };
      return { kind: kindOf(error), code: error.code, message: error.message };
    };
    const client = (baseUrl: string, more: object = {}) =>
      seatpay.createClient({ baseUrl, token: 't', maxRetries: 0, ...more });
    const aborting = new AbortController();
    const abortOnSend = client('http://silent.test', {
      fetch: (input: RequestInfo, init?: RequestInit) => {
        const sent = fetch(input, init);
        aborting.abort();
        return sent;
      },
    });
    return {
      refused: await failure(client('http://refused.test').plans.get('p')),
      timedOut: await failure(client('http://silent.test', { timeout: 50 }).plans.get('p')),
      aborted: await failure(abortOnSend.plans.get('p', { signal: aborting.signal })),
      english: await failure(client('http://english.test').plans.get('p')),
      spanish: await failure(client('http://spanish.test').plans.get('p')),
      badInput: await failure(client('http://refused.test').plans.get('')),
    };
  });
  expect(failures).toMatchObject({
    refused: { kind: 'ConnectionError' },
    timedOut: { kind: 'TimeoutError' },
    aborted: { kind: 'AbortError' },
    english: { kind: 'APIError', code: 'seat-not-found' },
    spanish: { kind: 'APIError', code: 'seat-not-found' },
    badInput: { kind: 'InvalidRequestError' },
  });
  expect(asked).toEqual([]);

  // A money call's refusal: its text comes with the keyed checkout's chunk (size17), unreachable.
  const money = await bed.page.evaluate(async () => {
    const seatpay = (window as never as { seatpay: typeof Seatpay }).seatpay;
    const client = seatpay.createClient({ baseUrl: 'http://refused.test', token: 't' });
    const error = await client.pay
      .bag({ token: 'bag' } as never, { key: 'order-1' } as never)
      .catch((e: unknown) => e);
    return { connection: error instanceof seatpay.ConnectionError, message: String(error) };
  });
  expect(money).toMatchObject({
    connection: true,
    message: expect.stringMatching(/nothing was sent/i),
  });
  expect(asked).not.toEqual([]);
});
