// The same answer, at the 64K edge: one character short of a slice it is validated in one go, at a
// slice row by row in slices. What a user gets must not depend on which side of the edge the body
// falls, and must be what zod's own safeParse of the real schema says (valid or not, the same
// issues): rows with their keys shuffled, an own `__proto__` key, keys the schema does not know,
// wrong rows, amounts that need zod's transform. Through the public client, its body padded with
// JSON whitespace (the same parse) to either side of the edge.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, ResponseValidationError } from '../../src/index.js';
import { SLICE } from '../../src/large-text/large-value.js';
import { SubscriptionListSchema } from '../../src/schemas/subscriptions.js';

const TOKEN = 'tok_Edge7Hq2mZ9vXc4LpR8sW1nB';

/** An object's JSON text, its entries in the order given (a `__proto__` key stays an own key). */
const objectText = (entries: [string, string][]) =>
  `{${entries.map(([key, text]) => `${JSON.stringify(key)}:${text}`).join(',')}}`;

const json = (value: unknown) => fc.constant(JSON.stringify(value));
const wrong = fc.oneof(json('x'), json(null), json(1.5), json([]), json({}), json(true));
const maybe = (text: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: wrong });
const field = fc.oneof(
  fc.tuple(fc.constant('status'), maybe(fc.constantFrom('"ACTIVE"', '"NEW_ONE"'))),
  fc.tuple(fc.constant('user'), maybe(fc.constantFrom('{"email":"a@b.c","id":3}', 'null'))),
  fc.tuple(fc.constant('plans'), maybe(fc.constantFrom('[{"slug":"team","id":7}]', '[]'))),
  fc.tuple(fc.constant('currency'), maybe(json({ name: 'Euro', code: 'EUR' }))),
  fc.tuple(fc.constant('next_renewal_amount'), maybe(fc.constantFrom('"49.00"', '49', '"4"'))),
  fc.tuple(fc.constant('seats_limit'), maybe(fc.constantFrom('10', 'null'))),
  fc.tuple(fc.constant('__proto__'), fc.constantFrom('{"admin":true}', 'null', '"x"')),
  fc.tuple(fc.constantFrom('note', 'zz', TOKEN), fc.constantFrom('"n"', `"Bearer ${TOKEN}"`, '0')),
);
const row = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        maybe(fc.nat({ max: 999 }).map(String)),
        fc.uniqueArray(field, { selector: (f) => f[0], maxLength: 6 }),
      )
      .chain(([id, fields]) =>
        fc.shuffledSubarray([['id', id] as [string, string], ...fields], {
          minLength: fields.length, // the id may be left out (a wrong row)
        }),
      )
      .map(objectText),
  },
  { weight: 1, arbitrary: wrong },
);
const envelope = fc
  .tuple(
    fc.array(row, { maxLength: 30 }),
    fc.uniqueArray(
      fc.oneof(
        fc.tuple(
          fc.constant('plan_financings'),
          fc.constantFrom('[{"id":1}]', '[{"id":"x"}]', '[]', '"x"'),
        ),
        fc.tuple(
          fc.constantFrom('total', '__proto__', 'zz'),
          fc.constantFrom('1', '{"a":1}', `"${TOKEN}"`),
        ),
      ),
      { selector: (f) => f[0], maxLength: 3 },
    ),
  )
  .chain(([rows, fields]) =>
    fc.shuffledSubarray([['subscriptions', `[${rows.join(',')}]`] as [string, string], ...fields], {
      minLength: fields.length + 1,
    }),
  )
  .map(objectText);

/** What a user sees of `subscriptions.list()` answered `text`: the data, or the error's parts. */
async function seen(text: string) {
  const client = createClient({
    baseUrl: 'https://api.example.com',
    token: TOKEN,
    maxRetries: 0,
    fetch: async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }),
  });
  try {
    return { data: (await client.subscriptions.list()) as unknown };
  } catch (error) {
    const { name, message, issues, body } = error as ResponseValidationError;
    return { error: { name, message, issues, body } };
  }
}

describe('an answer on either side of the 64K edge', () => {
  it("is what zod's own safeParse of the real schema says, on both sides", async () => {
    await fc.assert(
      fc.asyncProperty(envelope, async (text) => {
        expect(text.length).toBeLessThan(SLICE);
        const short = await seen(text + ' '.repeat(SLICE - 1 - text.length)); // one go
        const sliced = await seen(text + ' '.repeat(SLICE - text.length)); // in slices
        expect(sliced).toStrictEqual(short);
        expect(JSON.stringify(sliced)).toBe(JSON.stringify(short)); // keys in the same order
        const zod = SubscriptionListSchema.safeParse(JSON.parse(text));
        expect('data' in sliced).toBe(zod.success);
        if (zod.success) expect(sliced.data).toEqual(zod.data);
        else {
          const { issues } = (sliced as { error: ResponseValidationError }).error;
          expect(issues.map((issue) => issue.path)).toStrictEqual(
            zod.error.issues.map((issue) => issue.path),
          );
          expect(JSON.stringify(sliced)).not.toContain(TOKEN);
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});

describe('a valid row with an own __proto__ key (JSON.parse keeps one)', () => {
  it('comes without it, as zod copies it: Object.assign of the row sets no prototype', async () => {
    const text = '{"subscriptions":[{"__proto__":{"admin":true},"id":1,"status":"ACTIVE"}]}';
    for (const pad of [0, SLICE - text.length]) {
      const { data } = await seen(text + ' '.repeat(pad));
      const [row] = (data as { subscriptions: object[] }).subscriptions;
      expect(Object.hasOwn(row!, '__proto__')).toBe(false);
      expect((Object.assign({}, row) as { admin?: unknown }).admin).toBeUndefined();
      expect(row).toStrictEqual({ id: 1, status: 'ACTIVE' });
    }
  });
});

describe("a validation error's message, small or large", () => {
  it('names the wrong fields, never their values', async () => {
    const values = ['4242424242424242', 'hunter2-s3cret-passw0rd', `Bearer ${TOKEN}`];
    const rows = values.map((value) => ({ id: value, seats_limit: value, status: 7, pin: value }));
    const text = JSON.stringify({ subscriptions: rows, plan_financings: [{ id: values[1] }] });
    for (const pad of [0, SLICE - text.length]) {
      const { error } = await seen(text + ' '.repeat(pad));
      expect(error?.message).toContain('subscriptions.0.id: must be');
      expect(error?.message).toContain("`validate: 'warn'`");
      for (const value of values) {
        expect(error?.message).not.toContain(value);
        expect(JSON.stringify(error?.issues)).not.toContain(value);
      }
    }
  });
});
