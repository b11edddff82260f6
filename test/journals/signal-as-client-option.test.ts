import { expect, it } from 'vitest';
import { createClient, InvalidRequestError } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// review17a: redteam40 refused an AbortSignal given where a call's options go. A client takes no
// `signal` (it is a request option): `client.withOptions({ signal })` (a server binding its
// request's signal), `createClient({ ..., signal })` or `withOptions(signal)` from JavaScript was
// read by nothing, so an aborted signal stopped no call of that client and a checkout paid.

const refusal =
  "`signal` is no client option (it stops no call): give it in each call's options. Nothing was sent";

it('a checkout through withOptions({ signal }) or withOptions(signal): refused, nothing paid', async () => {
  const { client, order, charges, gate } = await inMemorySubscriber('sig-client@example.com');
  const signal = AbortSignal.abort();
  const withOptions = client.withOptions.bind(client) as (changes: unknown) => typeof client;
  for (const changes of [{ signal }, signal]) {
    const paid = Promise.resolve().then(() => withOptions(changes).consumables.checkout(order));
    const refused = await paid.catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'signal', message: refusal });
  }
  expect(gate.sent()).toBe(0);
  expect(charges()).toBe(0);
});

it('createClient given a signal: refused', () => {
  const options = { baseUrl: 'http://127.0.0.1:4010', token: 't', signal: AbortSignal.abort() };
  expect(() => createClient(options as never)).toThrow(refusal);
});
