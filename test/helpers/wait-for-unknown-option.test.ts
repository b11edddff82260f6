import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
import { InvalidRequestError, type WaitForOptions } from '../../src/index.js';
import { WAIT_FOR_OPTIONS } from '../../src/helpers/wait-for-option-names.js';
import { BASE_URL, testClient, useMockService } from '../support/msw.js';

// redteam40: an option `subscriptions.waitFor` does not read, from JavaScript (a misspelt
// `timout`, or purchase's own `waitTimeout` and `pollInterval`), was read by nothing: the wait gave
// up after its default 2 minutes (a SubscriptionTimeoutError for a payment that went through), or
// polled every 2 s. Refused before the first poll, naming it and the options waitFor reads.

// The names refused as unknown are exactly WaitForOptions' (compiles only so): a new option of
// waitFor left off the list would be refused; a name listed by mistake, read by nothing.
type Listed = (typeof WAIT_FOR_OPTIONS)[number];
export type EveryOptionListed<T extends never = Exclude<keyof WaitForOptions, Listed>> = T;
export type NoOtherListed<T extends never = Exclude<Listed, keyof WaitForOptions>> = T;

const { server, seen } = useMockService();
const LIST = `${BASE_URL}/v1/payments/me/subscription`;

it.each([
  ['timout', 600_000],
  ['waitTimeout', 600_000],
  ['pollInterval', 5],
])('waitFor given `%s`: InvalidRequestError naming it, nothing polled', async (name, value) => {
  server.use(http.get(LIST, () => HttpResponse.json({ subscriptions: [{ id: 2 }] })));
  const options = { exclude: [1], [name]: value } as WaitForOptions;
  const error = await testClient()
    .subscriptions.waitFor(options)
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ field: name });
  expect((error as Error).message).toBe(
    `\`${name}\` is no option of waitFor: its options are exclude, match, timeout, interval, maxInterval, signal, onPoll. Nothing was polled`,
  );
  expect(seen).toHaveLength(0);
});

// signals19: options with a field of their own named `aborted` were taken for a signal given as the
// options, told "a signal goes in it" instead of the option named. A signal listens: not those.
it('options with their own `aborted` are no signal: the option is named, nothing polled', async () => {
  const options = { exclude: [1], aborted: 1 } as WaitForOptions;
  const error = await testClient()
    .subscriptions.waitFor(options)
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ field: 'aborted' });
  expect((error as Error).message).toMatch(/^`aborted` is no option of waitFor/);
  expect(seen).toHaveLength(0);
});

it('an option left undefined (a wrapper spread it) names nothing: the wait runs', async () => {
  server.use(http.get(LIST, () => HttpResponse.json({ subscriptions: [{ id: 1 }, { id: 2 }] })));
  const options = { exclude: [1], timout: undefined } as WaitForOptions;
  await expect(testClient().subscriptions.waitFor(options)).resolves.toMatchObject({ id: 2 });
});

// redteam43: waitFor takes one argument, while every other call takes its request options
// second: `waitFor({ exclude }, { signal })` (or the signal itself) was read by nothing, an
// aborted signal stopped no poll, and the wait went on for its whole timeout.
it.each([
  ['{ signal }', () => ({ signal: AbortSignal.abort() })],
  ['a signal', () => AbortSignal.abort()],
])('waitFor given %s as a second argument: refused, nothing polled', async (_, second) => {
  server.use(http.get(LIST, () => HttpResponse.json({ subscriptions: [{ id: 1 }, { id: 2 }] })));
  const { subscriptions } = testClient();
  const waitFor = subscriptions.waitFor.bind(subscriptions) as (
    ...a: unknown[]
  ) => Promise<unknown>;
  const error = await waitFor({ exclude: [1] }, second()).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ field: 'options' });
  expect(String(error)).toContain('give `signal` and `timeout` in it');
  expect(seen).toHaveLength(0);
});

// review18a: a second argument naming nothing loses nothing: a wrapper that passes every call its
// request options (`{}` by default, or `{ signal: undefined }`) was refused by redteam43's check.
it.each([
  ['{}', {}],
  ['{ signal: undefined }', { signal: undefined }],
])('waitFor given %s as a second argument: the wait runs', async (_, second) => {
  server.use(http.get(LIST, () => HttpResponse.json({ subscriptions: [{ id: 1 }, { id: 2 }] })));
  const { subscriptions } = testClient();
  const waitFor = subscriptions.waitFor.bind(subscriptions) as (
    ...a: unknown[]
  ) => Promise<unknown>;
  await expect(waitFor({ exclude: [1] }, second)).resolves.toMatchObject({ id: 2 });
});
