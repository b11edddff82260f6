// A 2xx answer of a slice (64K characters) or more is validated a list's row at a time, the event
// loop let go between slices: zod's one parse of a 5 MB listing held it 123-239 ms, and the
// issues of every row wrong 40-90 ms more. What the caller gets is what the one-go parse gives:
// the same data, or the same issues in the same order, the same message and error. Tested by the
// order of events (a turn of the loop between the answer's log line and the result), never by time.
// Aborted while a 5 MB error body is redacted or zod copies its rows (seconds of CPU): the .full file.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AbortError, ResponseValidationError, type ValidationMode } from '../../src/index.js';
import type { PreparedCall } from '../../src/core/call.js';
import { Secrets } from '../../src/core/secrets/secrets.js';
import { SLICE } from '../../src/large-text/large-value.js';
import {
  validateInOneGo,
  validateLater,
  type ResultSetup,
} from '../../src/large-text/validate-large.js';
import { SubscriptionListSchema, SubscriptionSchema } from '../../src/schemas/subscriptions.js';
import { answeringClient } from '../support/answering-client.js';
import { TOKEN, abortedOutcome, listing } from './support/large-listing-calls.js';

/** The call's outcome, and whether the loop turned between the answer's log line and it. */
async function outcomeOf(text: string, validate: ValidationMode = 'error') {
  let turned: boolean | undefined;
  const warned: string[] = [];
  const client = answeringClient({
    token: TOKEN,
    text,
    validate,
    warned,
    onAnswer: () => {
      turned = false;
      setImmediate(() => (turned = true));
    },
  });
  const result: { data?: unknown; error?: unknown } = await client.subscriptions.list().then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
  return { ...result, turned, warned };
}

describe('a large valid listing', () => {
  it('lets the event loop go while it is validated, its data as zod gives it', async () => {
    const text = listing(2_000); // about 400 KB: several slices
    expect(text.length).toBeGreaterThan(4 * SLICE);
    const { data, turned } = await outcomeOf(text);
    expect(turned).toBe(true);
    expect(data).toStrictEqual(SubscriptionListSchema.parse(JSON.parse(text)));
    expect(
      (data as { subscriptions: { next_renewal_amount: unknown }[] }).subscriptions[0],
    ).toMatchObject({ next_renewal_amount: '49' });
  });

  it('keeps its keys in the order they came, as a small one does', async () => {
    // Every row as zod returns it (an amount already a string): the one-go plain check passes.
    const rows = (JSON.parse(listing(2_000)) as { subscriptions: object[] }).subscriptions.map(
      (row) => ({ ...row, next_renewal_amount: '49.00' }),
    );
    const order = (count: number) =>
      JSON.stringify({ total: count, subscriptions: rows.slice(0, count), plan_financings: [] });
    const small = await outcomeOf(order(3));
    const large = await outcomeOf(order(2_000));
    expect(large.turned).toBe(true);
    expect(Object.keys(small.data as object)).toStrictEqual([
      'total',
      'subscriptions',
      'plan_financings',
    ]);
    expect(Object.keys(large.data as object)).toStrictEqual(Object.keys(small.data as object));
  });

  it('has every row as zod copies it once one row needs zod, as a small one does', async () => {
    // A row with a key the schema does not know before its own, and (odd rows) one of
    // `__proto__`: the one-go parse copies every row (an amount given as a number needs zod),
    // shape keys first. Even rows pass the plain check: only the copy after it reorders them.
    const row = (id: number) =>
      id === 1
        ? `{"id":${id},"next_renewal_amount":49}`
        : `{"note":"n${id}",${id % 2 ? '"__proto__":{"admin":true},' : ''}"id":${id},"seats_limit":10}`;
    const text = (count: number, pad = '') =>
      `{"subscriptions":[${Array.from({ length: count }, (_, id) => row(id)).join(',')}]${pad}}`;
    const small = await outcomeOf(text(3));
    const large = await outcomeOf(text(3, `,"note":"${'x'.repeat(SLICE)}"`));
    const many = await outcomeOf(text(2_000));
    expect(large.turned).toBe(true);
    expect(many.turned).toBe(true);
    const rowsOf = (outcome: { data?: unknown }) =>
      (outcome.data as { subscriptions: object[] }).subscriptions;
    expect(JSON.stringify(rowsOf(small)[0])).toBe('{"id":0,"seats_limit":10,"note":"n0"}');
    expect(JSON.stringify(rowsOf(large))).toBe(JSON.stringify(rowsOf(small)));
    expect(JSON.stringify(rowsOf(many).slice(0, 3))).toBe(JSON.stringify(rowsOf(small)));
    expect(JSON.stringify(rowsOf(many)[1_999])).toBe('{"id":1999,"seats_limit":10,"note":"n1999"}');
  });

  it("with validate: 'off', is the answer as parsed", async () => {
    const text = listing(2_000, 'EUR');
    const { data, warned } = await outcomeOf(text, 'off');
    expect(data).toStrictEqual(JSON.parse(text));
    expect(warned).toStrictEqual([]);
  });

  it('is validated at once when small', async () => {
    const { data, turned } = await outcomeOf(listing(3));
    expect(turned).toBe(false);
    expect(data).toStrictEqual(SubscriptionListSchema.parse(JSON.parse(listing(3))));
  });
});

describe('a large listing whose every row is wrong', () => {
  it('lets the event loop go before it rejects, with every issue in order', async () => {
    const text = listing(2_000, 'EUR');
    const { error, turned } = await outcomeOf(text);
    expect(turned).toBe(true);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const { issues, message } = error as ResponseValidationError;
    expect(issues).toHaveLength(2_000);
    expect(issues.map((issue) => issue.path)).toStrictEqual(
      Array.from({ length: 2_000 }, (_, row) => ['subscriptions', row, 'currency']),
    );
    expect(message).toContain('subscriptions.0.currency');
  });

  it('says what to do: report it, never repeat a payment blindly, or validate: warn', async () => {
    const text = listing(400, 'EUR');
    const { error } = await outcomeOf(text);
    const { message } = error as ResponseValidationError;
    expect(message).toMatch(/^Unexpected response from GET \/v1\/payments\/me\/subscription: /);
    expect(message).toContain('subscriptions.0.currency');
    expect(message).toContain('report it');
    expect(message).toContain('do not repeat a payment blindly');
    expect(message).toContain("`validate: 'warn'`");
  });

  it("with validate: 'warn', logs the one-go message and returns the answer", async () => {
    const text = listing(2_000, 'EUR');
    const { data, warned, turned } = await outcomeOf(text, 'warn');
    expect(turned).toBe(true);
    expect(data).toStrictEqual(JSON.parse(text));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('subscriptions.0.currency');
  });
});

// The sliced validation against the one-go one, on the same values: lists of rows near a
// subscription (any field sometimes of the wrong type, or echoing the token), in envelopes whose
// other keys come before and after the list, strict and stripping objects, and bare arrays.
const Row = SubscriptionSchema;
const schemas: Record<string, z.ZodMiniType> = {
  listing: SubscriptionListSchema,
  bare: z.array(Row),
  stripping: z.object({ total: z.int(), items: z.array(Row), next: z.optional(z.string()) }),
  strict: z.strictObject({ page: z.int(), items: z.array(Row), more: z.array(z.int()) }),
  checked: z.array(Row).check(z.minLength(2)),
};
const anyJson = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: anyJson });
const row = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        id: maybe(fc.integer()),
        status: maybe(fc.constantFrom('ACTIVE', `Bearer ${TOKEN}`)),
        user: maybe(fc.record({ id: maybe(fc.integer()), email: maybe(fc.string()) })),
        plans: maybe(fc.array(fc.record({ slug: maybe(fc.string()) }), { maxLength: 2 })),
        currency: maybe(fc.constantFrom(null, { code: 'EUR', name: 'Euro' }, 'EUR')),
        next_renewal_amount: maybe(fc.oneof(fc.constant('4.00'), fc.integer())),
        [TOKEN]: fc.integer(),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: anyJson },
);
const rows = fc.array(row, { maxLength: 40 });
const value = fc.oneof(
  rows,
  fc.record(
    {
      subscriptions: rows,
      items: rows,
      total: maybe(fc.integer()),
      page: maybe(fc.integer()),
      more: maybe(fc.array(maybe(fc.integer()), { maxLength: 3 })),
      next: maybe(fc.string()),
      extra: fc.string(),
    },
    { requiredKeys: ['subscriptions', 'items'] },
  ),
  anyJson,
);

const secrets = new Secrets([TOKEN]);
const setupOf = (validation: ValidationMode, warned: string[]): ResultSetup => ({
  validation,
  secrets,
  log: { warn: (line: string) => void warned.push(line) } as unknown as ResultSetup['log'],
});
const checkOf = (response: z.ZodMiniType) =>
  ({
    response,
    method: 'GET',
    url: 'https://api.example.com/v1/list',
    options: {},
  }) as unknown as PreparedCall<unknown>;

/** What a user sees of one validation: the data, or the error's every readable part; the log. */
async function seen(run: () => unknown, warned: string[]) {
  try {
    return { data: await run(), warned };
  } catch (error) {
    const { name, message, code, issues } = error as ResponseValidationError & { code?: string };
    return { error: { name, message, code, issues }, warned };
  }
}

describe('validation in slices', () => {
  it('gives what the one-go parse gives, for every mode', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(schemas)),
        value,
        fc.constantFrom<ValidationMode>('error', 'warn'),
        fc.integer({ min: 1, max: 4 }),
        async (name, generated, mode, perSlice) => {
          // An answer is what JSON.parse made: fast-check's records may have a null prototype,
          // which no answer has (the one-go parse keeps a passing row as given, zod copies it).
          const value: unknown = JSON.parse(JSON.stringify(generated));
          const check = checkOf(schemas[name]!);
          // The body's size sets the rows per slice: a few, so that slices' edges fall everywhere.
          const size = Math.ceil((40 * SLICE) / perSlice);
          const oneGo: string[] = [];
          const sliced: string[] = [];
          const expected = await seen(
            () => validateInOneGo(value, check, setupOf(mode, oneGo)),
            oneGo,
          );
          const actual = await seen(
            () => validateLater(value, check, setupOf(mode, sliced), size),
            sliced,
          );
          expect(actual).toStrictEqual(expected);
          expect(JSON.stringify(actual)).toBe(JSON.stringify(expected)); // keys in the same order
          if ('error' in expected) expect(JSON.stringify(expected)).not.toContain(TOKEN);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a large listing whose call is aborted while it is validated', () => {
  it('rejects with AbortError at the next slice, not with the data', async () => {
    // The answer is read: the caller gives up a turn of the loop later, during the slices.
    const outcome = await abortedOutcome((controller) =>
      setImmediate(() => controller.abort(new Error('left the page'))),
    );
    expect(outcome).toStrictEqual({ error: expect.any(AbortError) });
    const { cause, mayHaveBeenProcessed } = (outcome as { error: AbortError }).error;
    expect(cause).toMatchObject({ message: 'left the page' });
    expect(mayHaveBeenProcessed).toBe(false);
  });

  it('rejects with AbortError at the next slice under a totalTimeout too', async () => {
    // The deadline's signal stands in for the caller's during the request, and is let go of
    // once the answer is read: the slices still follow the caller's own.
    const outcome = await abortedOutcome(
      (controller) => setImmediate(() => controller.abort(new Error('left the page'))),
      60_000,
    );
    expect(outcome).toStrictEqual({ error: expect.any(AbortError) });
    expect((outcome as { error: AbortError }).error.cause).toMatchObject({
      message: 'left the page',
    });
  });

  it('rejects with AbortError when aborted before the slices start, not validated in one go', async () => {
    const outcome = await abortedOutcome((controller) => controller.abort());
    expect(outcome).toStrictEqual({ error: expect.any(AbortError) });
  });
});
