import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator } from '../../examples/browser/browser-example.js';
import type { MockServer } from '../../src/mock/index.js';
// Types only: the page runs the bundle of dist/index.js, built from this source.
import type * as Seatpay from '../../src/index.js';
import { launchChromium } from './support/launch-chromium.js';

// A page built as users build one with code splitting (esbuild --splitting over dist/), served
// chunk by chunk to a real Chromium: the request path and a family's schemas come with the first
// call, not with the page, and a chunk that does not load is a ConnectionError with nothing sent.

const DIST_INDEX = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const PAGE = `
import { createClient, ConnectionError } from ${JSON.stringify(DIST_INDEX)};
window.seatpay = { createClient, ConnectionError };
`;

/** What the page puts on `window`: the two exports the tests use. */
type PageExports = Pick<typeof Seatpay, 'createClient' | 'ConnectionError'>;

let simulator: MockServer;
let server: Server;
let pageUrl: string;
let browser: Browser | undefined;
let page: Page;
/** The paths the page server was asked for, in order. */
const served: string[] = [];
/** The requests the page sent to the simulator (preflights included). */
const toTheService: string[] = [];

beforeAll(async () => {
  const built = await build({
    stdin: { contents: PAGE, resolveDir: process.cwd(), loader: 'js', sourcefile: 'page.js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    tsconfigRaw: '{}',
    outdir: '/page',
    write: false,
    logLevel: 'silent',
  });
  const files = new Map(
    built.outputFiles.map((file) => [file.path.replace('/page', ''), file.text]),
  );
  files.set('/', '<!doctype html><script type="module" src="/stdin.js"></script>');
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    served.push(path);
    const body = files.get(path);
    if (body === undefined) res.writeHead(404).end();
    else {
      const type = path === '/' ? 'text/html' : 'text/javascript';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  simulator = await startSimulator();
  ({ browser } = await launchChromium());
  page = await browser.newPage();
  page.on('request', (request) => {
    if (request.url().startsWith(simulator.url)) toTheService.push(request.url());
  });
  await page.goto(pageUrl);
  await page.waitForFunction(() => 'seatpay' in window);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await simulator?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Calls `plans.get` on a new client in the page: its outcome, and what reached the simulator. */
async function planFromPage(): Promise<{ slug?: string; error?: string; nothingSent?: boolean }> {
  const before = toTheService.length;
  const outcome = await page.evaluate(
    async ({ api, token }) => {
      const { createClient, ConnectionError } = (window as never as { seatpay: PageExports })
        .seatpay;
      const client = createClient({ baseUrl: api, token });
      try {
        const plan = await client.plans.get('team-per-seat');
        return { slug: plan.slug as string };
      } catch (error) {
        const failure = error as { name: string; mayHaveBeenProcessed: boolean };
        const kind = error instanceof ConnectionError ? 'ConnectionError' : failure.name;
        return { error: kind, mayHaveBeenProcessed: failure.mayHaveBeenProcessed };
      }
    },
    { api: simulator.url, token: simulator.simulator.users.owner.token },
  );
  return { ...outcome, nothingSent: toTheService.length === before };
}

it('loads the request path and the schemas with the first call, not with the page', async () => {
  const engine = (path: string) => /\/call-engine-[\w-]+\.js$/.test(path);
  const plans = (path: string) => /\/plans-[\w-]+\.js$/.test(path);
  expect(served.filter(engine)).toEqual([]);
  expect(served.filter(plans)).toEqual([]);

  // A chunk that does not arrive (a page offline, a deployment that removed it): nothing is sent.
  await page.route(/\/call-engine-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  const failed = await planFromPage();
  expect(failed).toMatchObject({ error: 'ConnectionError', mayHaveBeenProcessed: false });
  expect(failed.nothingSent).toBe(true);
  await page.unroute(/\/call-engine-[\w-]+\.js$/);
  // Chromium remembers the failed module for the page's life: the same error, still nothing sent.
  expect(await planFromPage()).toMatchObject({ error: 'ConnectionError', nothingSent: true });
  const message = await page.evaluate(async (api) => {
    const { createClient } = (window as never as { seatpay: PageExports }).seatpay;
    const error = await createClient({ baseUrl: api, token: 't' })
      .plans.get('x')
      .catch((e: unknown) => e);
    return (error as Error).message;
  }, simulator.url);
  expect(message).toMatch(/nothing was sent.*reload the page/);

  // A reload loads the page's chunks anew: the first call loads what it needs, once.
  served.length = 0;
  await page.reload();
  await page.waitForFunction(() => 'seatpay' in window);
  expect(served.filter(engine)).toEqual([]);
  const first = await planFromPage();
  expect(first).toEqual({ slug: 'team-per-seat', nothingSent: false });
  expect(served.filter(engine)).toHaveLength(1);
  expect(served.filter(plans)).toHaveLength(1);
  // Later calls find them loaded: nothing more is fetched from the page's server.
  const count = served.length;
  expect(await planFromPage()).toEqual({ slug: 'team-per-seat', nothingSent: false });
  expect(served).toHaveLength(count);

  // A chunk that never arrives: the call ends within its timeout, still with nothing sent.
  await page.reload();
  const sentBefore = toTheService.length;
  await page.waitForFunction(() => 'seatpay' in window);
  await page.route(/\/plans-[\w-]+\.js$/, () => undefined); // never answered
  const stalled = await page.evaluate(async (api) => {
    const { createClient, ConnectionError } = (window as never as { seatpay: PageExports }).seatpay;
    const client = createClient({ baseUrl: api, token: 't' });
    const error = await client.plans.get('x', { timeout: 300 }).catch((e: unknown) => e);
    return { connection: error instanceof ConnectionError, message: (error as Error).message };
  }, simulator.url);
  expect(stalled).toMatchObject({ connection: true, message: expect.stringMatching(/300 ms/) });
  const aborted = await page.evaluate(async (api) => {
    const { createClient } = (window as never as { seatpay: PageExports }).seatpay;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const client = createClient({ baseUrl: api, token: 't', timeout: 60_000 });
    const error = await client.plans
      .get('x', { signal: controller.signal })
      .catch((e: unknown) => e);
    return (error as Error).name;
  }, simulator.url);
  expect(aborted).toBe('AbortError');
  // The helpers' chunks too: a poll whose poller never arrives ends with its signal.
  await page.route(/\/wait-for-subscription-[\w-]+\.js$/, () => undefined); // never answered
  const poll = await page.evaluate(async (api) => {
    const { createClient } = (window as never as { seatpay: PageExports }).seatpay;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const client = createClient({ baseUrl: api, token: 't' });
    const waiting = client.subscriptions.waitFor({ exclude: [], signal: controller.signal });
    return ((await waiting.catch((e: unknown) => e)) as Error).name;
  }, simulator.url);
  expect(poll).toBe('AbortError');
  expect(toTheService).toHaveLength(sentBefore);
  await page.unroute(/\/plans-[\w-]+\.js$/);
});
