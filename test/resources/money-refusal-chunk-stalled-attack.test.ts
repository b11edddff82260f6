import { expect, it } from 'vitest';
import { seatpayWithHeldChunk } from '../support/held-chunk-seatpay.js';
import { settledNow } from '../support/settled-now.js';

// redteam43: since size17 a money call's refusal (a request option in an order, a key where no
// call reads it) is worded by the keyed checkout's chunk, loaded to refuse. That load ignored the
// call's signal: on a page whose chunk never arrived (a stalled connection), the refused call went
// on past its abort, where any other lazy part's wait ends with it. Here, a fresh copy of the
// package (nothing loaded, as a page at its start) whose keyed checkout's chunk arrives only when
// the test says.

type Loose = (...args: unknown[]) => Promise<unknown>;

it("a money call's refusal waiting for its chunk ends with the call's signal: nothing sent", async () => {
  const { client, sent, arrive } = await seatpayWithHeldChunk('helpers/purchase/keyed-checkout.js');
  const order = { service: 'ai-credits', how_many: 2, subscription: 7 };
  const controller = new AbortController();
  const { signal } = controller;
  const consume = client.consumables.consume.bind(client.consumables) as Loose;
  const bag = client.pay.bag.bind(client.pay) as Loose;
  const purchase = client.purchase.bind(client) as Loose;
  const calls = [
    client.consumables.checkout({ ...order, ...{ timeout: 5_000 } }, { signal }),
    consume('ai-credits', { signal, key: 'use-1' }),
    bag({ token: 'bag-1', chosen_period: 'MONTH', key: 'bag-1' }, { signal }),
    purchase({ plan: 'team-per-seat', journal: {}, signal }),
  ].map((call) => call.catch((error: unknown) => error));
  controller.abort();
  for (const call of calls) {
    expect(await settledNow(call)).toBe(true);
    expect(await call).toMatchObject({ name: 'AbortError' });
  }
  const timedOut = client.consumables.checkout(
    { ...order, ...{ maxRetries: 0 } },
    { signal: AbortSignal.abort(new DOMException('late', 'TimeoutError')) },
  );
  expect(await timedOut.catch((error: unknown) => error)).toMatchObject({
    name: 'TimeoutError',
    mayHaveBeenProcessed: false,
  });
  // The chunk arrives: the refusal is worded, as before, and comes first even for an aborted signal.
  arrive();
  await client.preload();
  const late = await client.consumables
    .checkout({ ...order, ...{ timeout: 5_000 } }, { signal })
    .catch((error: unknown) => error);
  expect(late).toMatchObject({ name: 'InvalidRequestError', field: 'timeout' });
  expect(sent).toEqual([]);
});
