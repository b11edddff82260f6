import { expect, it } from 'vitest';
import { InvalidRequestError, type WaitForOptions } from '../../src/index.js';
import { testClient, useMockService } from '../support/msw.js';

// newuser18: a signal where other libraries take one, from JavaScript: `waitFor(signal)` was
// told "waitFor needs `exclude`", not where a signal goes. (`waitFor({ exclude }, signal)` is
// refused by redteam43's check, tested in purchase-unknown-option.test.ts.)

const { seen } = useMockService();
const aborted = (): AbortSignal => AbortSignal.abort(new Error('stop'));
type WaitFor = (options: unknown, second?: unknown) => Promise<unknown>;
const waitFor = (...args: [unknown, unknown?]): Promise<unknown> => {
  const client = testClient();
  return (client.subscriptions.waitFor.bind(client.subscriptions) as WaitFor)(...args).catch(
    (caught: unknown) => caught,
  );
};

it('a signal as the options: told where it goes, nothing polled', async () => {
  const error = await waitFor(aborted() as unknown as WaitForOptions);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({
    field: 'options',
    message: 'Invalid options: must be an object (a signal goes in it: `{ exclude, signal }`)',
  });
  expect(seen).toHaveLength(0);
});
