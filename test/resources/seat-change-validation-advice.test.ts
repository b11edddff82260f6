import { describe, expect, it } from 'vitest';
import { ResponseValidationError, type ValidationMode } from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';

// A seat change's answer is checked whatever `validate` says (only real seats are typed
// `Seat[]`): `validate: 'warn'` never returns a wrong one as it came. Its ResponseValidationError
// under `validate: 'error'` must not advise 'warn' then, as a plain read's does (a listing of
// seats: 'warn' does return it). The service is msw's.

const SEAT = '/v2/payments/subscription/7/billing-team/seat';
const { server } = useMockService();

/** What `call` rejects with under `validate`, the service answering `body` to `route`. */
async function failure(route: string, body: unknown, validate: ValidationMode, call: string) {
  server.use(answer(route, body as never));
  const client = testClient({ validate, maxRetries: 0 });
  const run =
    call === 'add' ? client.seats.add(7, [{ email: 'ada@example.com' }]) : client.seats.list(7);
  return run.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as ResponseValidationError }),
  );
}

describe("a ResponseValidationError's advice to use validate: 'warn'", () => {
  it('is not given for a seat change, whose wrong answer warn refuses too', async () => {
    for (const body of [{ seats: 'none' }, [{ id: 'x' }], { data: [{ id: 'x' }] }]) {
      const strict = await failure(`PUT ${SEAT}`, body, 'error', 'add');
      expect(strict.error, JSON.stringify(body)).toBeInstanceOf(ResponseValidationError);
      expect(strict.error!.message).not.toMatch(/validate: 'warn'/);
      // And it is true: under 'warn' the same answer is refused all the same.
      const warned = await failure(`PUT ${SEAT}`, body, 'warn', 'add');
      expect(warned.error, JSON.stringify(body)).toBeInstanceOf(ResponseValidationError);
    }
  });

  it('holds for refusals in another shape: warn and off refuse them too (review12b)', async () => {
    // `errors` not an array failed the schema, but the seats' recheck passed over it: under
    // 'warn' or 'off' the change resolved as applied, the service's refusal dropped.
    const seat = { id: 1, email: 'ada@example.com', user: null, is_active: true };
    for (const errors of ['refused: no budget', { 'ada@example.com': 'refused' }, null])
      for (const validate of ['error', 'warn', 'off'] as const) {
        const got = await failure(`PUT ${SEAT}`, { data: [seat], errors }, validate, 'add');
        expect(got.error, `${validate} ${JSON.stringify(errors)}`).toBeInstanceOf(
          ResponseValidationError,
        );
        expect(got.error!.message).not.toMatch(/validate: 'warn'/);
      }
  });

  it('is given for a read that warn lets through as it came', async () => {
    const body = [{ id: 'x' }];
    const strict = await failure(`GET ${SEAT}`, body, 'error', 'list');
    expect(strict.error).toBeInstanceOf(ResponseValidationError);
    expect(strict.error!.message).toMatch(/validate: 'warn'` logs such an answer/);
    expect((await failure(`GET ${SEAT}`, body, 'warn', 'list')).value).toEqual(body);
  });
});
