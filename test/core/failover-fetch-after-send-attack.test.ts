import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError, createClient, memoryJournal } from '../../src/index.js';
import { closedPort, resettingServer } from '../support/loopback.js';

// A custom fetch that fails over across the service's hosts (a primary, then a standby) throws
// every host's failure as one AggregateError, as `Promise.any` over two regions does. The primary
// read the pay and dropped the connection (undici's "other side closed", `UND_ERR_SOCKET`, no
// system code of its own); the standby refused the connect (`ECONNREFUSED`). Only the standby's
// failure carried a code, so the whole was taken for "never connected": the pay was sent again
// on every retry (four charges with `maxRetries: 3`), and a keyed checkout's key recorded as
// refused. Each host's failure counts on its own now: one that may have been sent makes the call
// "maybe processed".
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
      const body = await request.text();
      const failures: unknown[] = [];
      for (const base of [primary.url, standby]) {
        try {
          const { method, headers } = request;
          return await fetch(request.url.replace(primary.url, base), { method, headers, body });
        } catch (error) {
          failures.push(error);
        }
      }
      throw new AggregateError(failures, 'every host failed');
    },
  });
  return { client, primary, attempts: () => attempts };
}

describe('a failover fetch whose primary dropped the request after reading it', () => {
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
      .checkout({ ...CHECKOUT, key: 'fo-1', journal })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(primary.hits()).toBe(1);
    expect(await journal.get('fo-1')).toMatchObject({ charged: 'unknown' });
  });
});
