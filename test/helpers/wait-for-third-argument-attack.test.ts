import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { BASE_URL, testClient, useMockService } from '../support/msw.js';

// redteam43 refused a second argument naming something (`waitFor(options, signal)`), review18a
// let one naming nothing through (`{}`, a wrapper's default): a signal after that, as a caller
// of `fn(input, options, signal)` writes it, was read by nothing, and an aborted one stopped no
// poll (the wait went on for its whole timeout). It is refused as the second argument is.
const { server, seen } = useMockService();
const LIST = `${BASE_URL}/v1/payments/me/subscription`;

function waitForOf() {
  const { subscriptions } = testClient();
  return subscriptions.waitFor.bind(subscriptions) as (...a: unknown[]) => Promise<unknown>;
}

it.each([
  ['({}, signal)', () => [{}, AbortSignal.abort()]],
  ['(undefined, signal)', () => [undefined, AbortSignal.abort()]],
  [
    '({ signal: undefined }, { signal })',
    () => [{ signal: undefined }, { signal: AbortSignal.abort() }],
  ],
])('waitFor(options, ...%s): refused, nothing polled', async (_, after) => {
  server.use(http.get(LIST, () => HttpResponse.json({ subscriptions: [{ id: 1 }, { id: 2 }] })));
  const error = await waitForOf()({ exclude: [1] }, ...after()).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ field: 'options' });
  expect(String(error)).toContain('give `signal` and `timeout` in it');
  expect(seen).toHaveLength(0);
});

it('waitFor(options, {}, undefined): nothing named, the wait runs', async () => {
  server.use(http.get(LIST, () => HttpResponse.json({ subscriptions: [{ id: 1 }, { id: 2 }] })));
  await expect(waitForOf()({ exclude: [1] }, {}, undefined)).resolves.toMatchObject({ id: 2 });
});
