import { afterEach, expect, it, vi } from 'vitest';
import { seatpayWithHeldChunk } from '../support/held-chunk-seatpay.js';
import { settledNow } from '../support/settled-now.js';

// review18a: `client.purchase(order, { timeout: 0 })` from JavaScript is refused with words from
// the purchase flow's chunk (size16). That wait ignored the order's own `signal`: on a page whose
// chunk never arrived (a stalled connection), the refused call went on past its abort, where the
// purchase's own wait for that chunk ends with it (redteam43 bounded the money refusals' wait so,
// not this one). A fresh copy of the package (nothing loaded), the flow's chunk never arriving.

afterEach(() => {
  vi.doUnmock('../../src/helpers/purchase.js');
});

it("purchase's second argument refused while its chunk stalls ends with the order's signal: nothing sent", async () => {
  const { client, sent } = await seatpayWithHeldChunk('helpers/purchase.js');
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
