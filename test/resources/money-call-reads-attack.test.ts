import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { AbortError, createClient } from '../../src/index.js';

// redteam52: a money call copies its order and options once (fold20, review20a). Two shapes read
// otherwise than a plain call reads them:
// - a lazy config as a Proxy with a `get` trap over an empty target (its keys name none of its
//   fields): `plans.get` read its aborted `signal` and stopped, the money call's copy had no
//   `signal` and paid;
// - an options object or order from another realm (an iframe's) whose `Object.prototype` a
//   polyfill gave an enumerable field: every money call was refused ("`extra` is no request
//   option") or sent that field in the order, where `plans.get` took it.

/** A client whose requests' bodies are kept (each answered as a checkout or a payment). */
function recordingClient() {
  const bodies: unknown[] = [];
  const client = createClient({
    baseUrl: 'https://api.example.test',
    token: 'sp_money_reads',
    logLevel: 'off',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const text = await new Request(input, init).text();
      bodies.push(text ? JSON.parse(text) : undefined);
      return Response.json({ id: 1, slug: 'team', status: 'ok', amount: '1.00' });
    },
  });
  return { client, bodies };
}

const order = { service: 'ai-credits', how_many: 2, subscription: 7 };
const bag = { token: 'bag-1', chosen_period: 'MONTH' as const };

it("a lazy config Proxy's aborted signal stops checkout, pay.bag and consume as it stops plans.get", async () => {
  const { client, bodies } = recordingClient();
  const controller = new AbortController();
  controller.abort();
  const settings = new Map<PropertyKey, unknown>([['signal', controller.signal]]);
  const options = new Proxy({}, { get: (_, name) => settings.get(name) }) as never;
  for (const call of [
    () => client.plans.get('team', options),
    () => client.consumables.checkout(order, options),
    () => client.pay.bag(bag, options),
    () => client.consumables.consume('ai-credits', options),
  ])
    await expect(call()).rejects.toBeInstanceOf(AbortError);
  expect(bodies).toEqual([]);
});

it("another realm's Object.prototype field is no option and no field of the order", async () => {
  const { client, bodies } = recordingClient();
  const [options, foreignOrder] = runInNewContext(
    'Object.prototype.extra = 1; [{ timeout: 5000 }, { service: "ai-credits", how_many: 2, subscription: 7 }]',
  ) as [never, never];
  await expect(client.plans.get('team', options)).resolves.toMatchObject({ id: 1 });
  await expect(client.consumables.checkout(order, options)).resolves.toMatchObject({ id: 1 });
  await expect(client.pay.bag(bag, options)).resolves.toMatchObject({ id: 1 });
  await expect(client.consumables.checkout(foreignOrder)).resolves.toMatchObject({ id: 1 });
  expect(bodies).toEqual([undefined, order, bag, order]);
});
