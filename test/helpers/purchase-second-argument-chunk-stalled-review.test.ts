import { afterEach, expect, it, vi } from 'vitest';

// review18a: `client.purchase(order, { timeout: 0 })` from JavaScript is refused with words from
// the purchase flow's chunk (size16). That wait ignored the order's own `signal`: on a page whose
// chunk never arrived (a stalled connection), the refused call went on past its abort, where the
// purchase's own wait for that chunk ends with it (redteam43 bounded the money refusals' wait so,
// not this one). A fresh copy of the package (nothing loaded), the flow's chunk never arriving.

afterEach(() => {
  vi.doUnmock('../../src/helpers/purchase.js');
});

/** Whether `promise` has settled once the turns now queued have run (no clock read). */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

it("purchase's second argument refused while its chunk stalls ends with the order's signal: nothing sent", async () => {
  vi.resetModules();
  vi.doMock('../../src/helpers/purchase.js', () => new Promise<never>(() => {}));
  const seatpay = await import('../../src/index.js');
  const sent: string[] = [];
  const client = seatpay.createClient({
    baseUrl: 'https://api.example.com',
    token: 't0k',
    fetch: (input: RequestInfo | URL) => {
      sent.push(String(input));
      return Promise.resolve(new Response('{}', { status: 500 }));
    },
  });
  const controller = new AbortController();
  const purchase = client.purchase.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const refused = purchase(
    { plan: 'team-per-seat', signal: controller.signal },
    { timeout: 0 },
  ).catch((error: unknown) => error);
  expect(await settledNow(refused)).toBe(false);
  controller.abort();
  expect(await settledNow(refused)).toBe(true);
  expect(await refused).toMatchObject({ name: 'AbortError' });
  expect(sent).toEqual([]);
});
