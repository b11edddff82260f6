import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startSimulator } from '../../examples/browser/browser-example.js';
// Types only: the page runs the bundle of dist/index.js, built from this source.
import type * as Seatpay from '../../src/index.js';
import { useSplitPageBrowser } from './support/split-page-browser.js';

// A page built as users build one with code splitting (esbuild --splitting over dist/), served
// chunk by chunk to a real Chromium: the request path and every family's schemas come with the
// page (a first call loads no chunk), the helpers with their first use, and a helper's chunk that
// does not load is a ConnectionError with nothing sent.

const DIST_INDEX = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const PAGE = `
import { createClient, ConnectionError } from ${JSON.stringify(DIST_INDEX)};
window.seatpay = { createClient, ConnectionError };
`;

/** What the page puts on `window`: the two exports the tests use. */
type PageExports = Pick<typeof Seatpay, 'createClient' | 'ConnectionError'>;

const bed = useSplitPageBrowser(PAGE, {
  startService: startSimulator,
  // Preflights included.
  seen: (request) => request.url(),
});
const { toTheService } = bed;

/** Calls `plans.get` on a new client in the page: its outcome, and what reached the simulator. */
async function planFromPage(): Promise<{ slug?: string; error?: string; nothingSent?: boolean }> {
  const before = toTheService.length;
  const outcome = await bed.page.evaluate(
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
    { api: bed.simulator.url, token: bed.simulator.simulator.users.owner.token },
  );
  return { ...outcome, nothingSent: toTheService.length === before };
}

it('answers a first call with no chunk loaded for it; a helper loads its own on first use', async () => {
  // The request path and the family's schemas came with the page: the first call fetches no code.
  const count = bed.pageServer.served.length;
  expect(await planFromPage()).toEqual({ slug: 'team-per-seat', nothingSent: false });
  expect(bed.pageServer.served).toHaveLength(count);

  // A helper's chunk that does not arrive (a page offline, a deployment that removed it): a
  // ConnectionError that says nothing was sent, and to reload.
  const poller = /\/wait-for-subscription-[\w-]+\.js$/;
  await bed.page.route(poller, (route) => route.abort('internetdisconnected'));
  const sentBefore = toTheService.length;
  const failed = await bed.page.evaluate(async (api) => {
    const { createClient, ConnectionError } = (window as never as { seatpay: PageExports }).seatpay;
    const client = createClient({ baseUrl: api, token: 't' });
    const error = await client.subscriptions.waitFor({ exclude: [] }).catch((e: unknown) => e);
    return { connection: error instanceof ConnectionError, message: (error as Error).message };
  }, bed.simulator.url);
  expect(failed).toMatchObject({
    connection: true,
    message: expect.stringMatching(/nothing was sent.*reload the page/),
  });
  expect(toTheService).toHaveLength(sentBefore);
  await bed.page.unroute(poller);

  // A helper's chunk that never arrives: the wait ends with the caller's signal, nothing sent.
  await bed.page.reload();
  await bed.page.waitForFunction(() => 'seatpay' in window);
  // Aborted once the chunk was asked for (a timer could fire before: the abort then never met the
  // load it is about).
  let asked!: () => void;
  const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
  await bed.page.route(poller, () => asked()); // never answered
  const polling = bed.page.evaluate(async (api) => {
    const { createClient } = (window as never as { seatpay: PageExports }).seatpay;
    const controller = new AbortController();
    (window as never as { stopWaiting: () => void }).stopWaiting = () => controller.abort();
    const client = createClient({ baseUrl: api, token: 't' });
    const waiting = client.subscriptions.waitFor({ exclude: [], signal: controller.signal });
    return ((await waiting.catch((e: unknown) => e)) as Error).name;
  }, bed.simulator.url);
  await chunkAsked;
  await bed.page.evaluate(() => (window as never as { stopWaiting: () => void }).stopWaiting());
  expect(await polling).toBe('AbortError');
  expect(toTheService).toHaveLength(sentBefore);
  // Plain calls on that page still need nothing more.
  expect(await planFromPage()).toEqual({ slug: 'team-per-seat', nothingSent: false });
  await bed.page.unroute(poller);
});
