import { expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';
import { PLAN } from '../resources/fixtures.js';

// review18a: redteam43 took any object with an `aborted` for a signal given where options go (an
// iframe's, a polyfill's: `instanceof` missed them). A config spread into createClient or
// withOptions with a field of its own named `aborted` (its job's state, say) was then refused as
// "`signal` is no client option", a field the user never gave, and a call's options so named
// as a signal given as the options. Every signal listens (`addEventListener`): those are signals.

const { server, seen } = useMockService();

type Loose = (...args: unknown[]) => Promise<unknown>;

it("a config's or a call's options' own `aborted` is no signal: the client is made, the call runs", async () => {
  server.use(answer('GET /v1/payments/plan/:slug', PLAN));
  // A config of the user's own, with a field seatpay does not read.
  const config = { logLevel: 'off', aborted: false } as const;
  const client = testClient(config);
  const derived = client.withOptions(config);
  const get = derived.plans.get.bind(derived.plans) as Loose;
  await expect(get('team-per-seat')).resolves.toMatchObject({ slug: PLAN.slug });
  // A call's options name only request options (review20a): `aborted` is refused by its name, as
  // no request option, not as a signal given as the options.
  const refused = await get('team-per-seat', { aborted: false }).catch((error: unknown) => error);
  expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'aborted' });
  expect(String(refused)).not.toContain('{ signal }');
  expect(seen).toHaveLength(1);
});

it('a signal made from a signal (its prototype, a Proxy of it) as the options is still refused', async () => {
  const { signal } = new AbortController();
  const client = testClient();
  const get = client.plans.get.bind(client.plans) as Loose;
  for (const like of [Object.create(signal) as unknown, new Proxy(signal, {})]) {
    const refused = await get('team-per-seat', like).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'options' });
    expect(() => client.withOptions(like as object)).toThrow('`signal` is no client option');
  }
  expect(seen).toHaveLength(0);
});
