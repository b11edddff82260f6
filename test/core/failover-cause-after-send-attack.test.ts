import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError, createClient, memoryJournal } from '../../src/index.js';
import { closedPort, resettingServer } from '../support/loopback.js';

// redteam52: a failover fetch that throws the standby's failure with the primary's as its `cause`
// (rather than both in one AggregateError, which redteam49 made count). The primary read the pay
// and dropped the connection; the runtime said so with no code (Deno's "connection closed before
// message completed", a browser's "Failed to fetch"). The standby refused the connect
// (`ECONNREFUSED`). A code-less entry of an AggregateError counted as "maybe sent", a code-less
// cause of a coded failure counted as nothing: the pay was taken for "never connected" and sent
// again on every retry (four charges with `maxRetries: 3`), a keyed checkout's key recorded as
// refused. A cause that names no code is an unknown failure now: the call is "maybe processed".
const PAY = { token: 'bag_1', chosen_period: 'MONTH' };
const CHECKOUT = { service: 'ai-credits', how_many: 2, subscription: 101 };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function failoverClient() {
  const primary = await resettingServer();
  close = primary.close;
  const standby = `http://127.0.0.1:${await closedPort()}`;
  let attempts = 0;
  const client = createClient({
    baseUrl: primary.url,
    token: 't0ken',
    retryBaseDelay: 1,
    maxRetries: 3,
    logLevel: 'off',
    fetch: async (input, init) => {
      attempts++;
      const request = new Request(input, init);
      const { method, headers } = request;
      const body = await request.text();
      try {
        return await fetch(request.url, { method, headers, body });
      } catch {
        // The primary's failure as a runtime without codes words it (Deno's), kept as the cause.
        const primaryFailure = new TypeError(
          'error sending request: connection closed before message completed',
        );
        try {
          return await fetch(request.url.replace(primary.url, standby), { method, headers, body });
        } catch (standbyFailure) {
          const refusal = (standbyFailure as { cause: Error }).cause; // ECONNREFUSED, connect
          expect(refusal).toMatchObject({ code: 'ECONNREFUSED' });
          throw Object.assign(refusal, { cause: primaryFailure });
        }
      }
    },
  });
  return { client, primary, attempts: () => attempts };
}

describe("a failover fetch whose refusal's cause is the primary's code-less drop after reading", () => {
  it('a pay: sent once, maybe processed', async () => {
    const { client, primary, attempts } = await failoverClient();
    const error = await client.pay.bag(PAY).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(primary.hits()).toBe(1);
    expect(attempts()).toBe(1);
  });

  it('a keyed checkout: sent once, its key unknown', async () => {
    const { client, primary } = await failoverClient();
    const journal = memoryJournal();
    const error = await client.consumables
      .checkout({ ...CHECKOUT, key: 'fo-cause-1', journal })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(primary.hits()).toBe(1);
    expect(await journal.get('fo-cause-1')).toMatchObject({ charged: 'unknown' });
  });
});
