import { isDeepStrictEqual } from 'node:util';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { plainCheckOf } from '../../src/core/validate/plain-check.js';
import * as schemas from '../../src/schemas/index.js';
import { IdInputSchema, NonEmptyStringSchema } from '../../src/schemas/common.js';

// The plain check is only allowed to say "valid" where zod says valid and returns the very same
// value; anything it gets wrong here would hand users an unvalidated answer.

type AnySchema = z.ZodMiniType;
interface Def {
  type: string;
  innerType?: AnySchema;
  element?: AnySchema;
  valueType?: AnySchema;
  options?: AnySchema[];
  shape?: Record<string, AnySchema>;
  format?: string;
}
const defOf = (schema: AnySchema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values near `schema`: mostly well-formed, with any part sometimes replaced by any JSON. */
function near(schema: AnySchema, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const shaped = (): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return fc.string();
      case 'number':
        return def.format === 'safeint'
          ? fc.oneof(fc.integer(), fc.constant(2 ** 53), fc.double())
          : fc.double();
      case 'boolean':
        return fc.boolean();
      case 'pipe': // the decimal amount: a string, or a number the transform turns into one
        return fc.oneof(fc.string(), fc.constantFrom('10.00', '0.5'), fc.double(), fc.integer());
      case 'optional':
        return fc.option(near(def.innerType!, depth), { nil: undefined });
      case 'nullable':
        return fc.option(near(def.innerType!, depth), { nil: null });
      case 'array':
        return fc.array(near(def.element!, depth + 1), { maxLength: depth > 2 ? 1 : 4 });
      case 'record':
        return fc.dictionary(fc.string(), near(def.valueType!, depth + 1), { maxKeys: 3 });
      case 'union':
        return fc.oneof(...def.options!.map((option) => near(option, depth + 1)));
      case 'object':
        return fc.record(
          {
            ...Object.fromEntries(
              Object.entries(def.shape!).map(([key, field]) => [key, near(field, depth + 1)]),
            ),
            extra: fc.jsonValue({ maxDepth: 1 }),
          },
          { requiredKeys: Object.keys(def.shape!) as never[] },
        );
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  return fc.oneof(
    { weight: 9, arbitrary: shaped() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

/**
 * What may differ in one object of an answer: a field left out (a required one too), an own
 * `__proto__` key (JSON.parse makes one), another prototype (zod's copy has Object.prototype).
 */
const CHANGES = ['none', 'none', 'drop a field', 'own __proto__', 'null prototype'] as const;

function changeOne(json: unknown, at: number, change: (typeof CHANGES)[number]): void {
  const objects: Record<string, unknown>[] = [];
  const collect = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    if (!Array.isArray(value)) objects.push(value as Record<string, unknown>);
    for (const item of Object.values(value)) collect(item);
  };
  collect(json);
  const object = objects[at % Math.max(objects.length, 1)];
  if (!object) return;
  const keys = Object.keys(object);
  if (change === 'drop a field' && keys.length) delete object[keys[at % keys.length]!];
  if (change === 'own __proto__')
    Object.defineProperty(object, '__proto__', { value: {}, enumerable: true, writable: true });
  if (change === 'null prototype') Object.setPrototypeOf(object, null);
}

const checked = Object.entries(schemas).filter(
  ([, value]) =>
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    plainCheckOf(value as AnySchema) !== undefined,
) as [string, AnySchema][];

describe('plainCheckOf', () => {
  it('covers the big listings and leaves schemas with transforms to zod', () => {
    const names = checked.map(([name]) => name);
    expect(names).toContain('ConsumableListSchema');
    expect(names).toContain('ConsumableSchema');
    // Answers with amounts are covered too: an amount that already is a string is its own output.
    expect(names).toContain('PlanSchema');
    const decimal = plainCheckOf(schemas.DecimalSchema)!;
    expect([decimal('59.99'), decimal(59.99)]).toEqual([true, false]);
    // Any other transform: zod's output is not its input, so zod must run.
    expect(
      plainCheckOf(
        z.pipe(
          z.string(),
          z.transform((s) => s.trim()),
        ),
      ),
    ).toBeUndefined();
    expect(plainCheckOf(z.looseObject({ a: z.string().check(z.minLength(1)) }))).toBeUndefined();
    // A plain object strips unknown keys: not its input either.
    expect(plainCheckOf(z.object({ a: z.string() }))).toBeUndefined();
  });

  it.each(checked)('agrees with zod on %s', (_name, schema) => {
    const check = plainCheckOf(schema)!;
    fc.assert(
      fc.property(near(schema), fc.nat(), fc.constantFrom(...CHANGES), (value, at, change) => {
        // Through JSON, as answers arrive: no undefined members, no -0, no NaN.
        const json = JSON.parse(JSON.stringify(value ?? null)) as unknown;
        changeOne(json, at, change);
        const result = schema.safeParse(json);
        // It accepts exactly the values zod accepts and returns unchanged: never one zod would
        // refuse or change, and (for speed) every one zod returns as is.
        const unchanged = result.success && isDeepStrictEqual(result.data, json);
        expect(check(json)).toBe(unchanged);
      }),
      { numRuns: 300, seed: 20261121 },
    );
  });

  it("leaves a field named as one of Object.prototype's to zod", () => {
    // zod reads such a field through the prototype: {} has a `constructor`, not a string.
    for (const name of ['constructor', 'toString']) {
      const schema = z.looseObject({ [name]: z.optional(z.string()), id: z.int() });
      const value = JSON.parse('{"id":1}') as unknown;
      expect(schema.safeParse(value).success).toBe(false);
      expect(plainCheckOf(schema)?.(value) ?? false).toBe(false);
    }
  });

  it('rejects a listing where one item deep inside is wrong', () => {
    const check = plainCheckOf(schemas.ConsumableListSchema)!;
    const items = Array.from({ length: 1000 }, (_, i) => ({ id: i, how_many: 1, user: null }));
    expect(check(items)).toBe(true);
    items[777] = { id: 777, how_many: 1.5, user: null };
    expect(check(items)).toBe(false);
    expect(schemas.ConsumableListSchema.safeParse(items).success).toBe(false);
  });
});

describe('the plain checks of arguments (parseInput tries them before zod)', () => {
  it.each([
    ['IdInputSchema', IdInputSchema],
    ['NonEmptyStringSchema', NonEmptyStringSchema],
  ] as const)('%s accepts exactly what zod accepts', (_, schema) => {
    const check = plainCheckOf(schema)!;
    const values = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constantFrom(0, -0, 1, 2 ** 53 - 1, 2 ** 53, '', 'a', null, undefined, [1], { id: 1 }),
      fc.string(),
    );
    fc.assert(
      fc.property(values, (value) => {
        expect(check(value)).toBe(schema.safeParse(value).success);
      }),
      { numRuns: 500, seed: 20261125 },
    );
  });

  it('leaves a body JSON cannot encode as it is to zod', () => {
    const check = plainCheckOf(schemas.CheckingParamsSchema)!;
    expect(check({ plans: [1], team_seats: 3, note: 'x' })).toBe(true);
    expect(check({ plans: [1], extra: 10n })).toBe(false);
    const cycle: Record<string, unknown> = { plans: [1] };
    cycle.self = cycle;
    expect(check(cycle)).toBe(false);
    expect(schemas.CheckingParamsSchema.safeParse(cycle).success).toBe(false);
    const deep = { plans: [1], extra: [[{ at: [2, 10n] }]] };
    expect(check(deep)).toBe(false);
    expect(check({ plans: [1], when: new Date(0) })).toBe(false);
    expect(check({ plans: [1], note: { toJSON: () => 'x' } })).toBe(false);
    expect(check({ plans: [1], note: Symbol('x') })).toBe(false);
    expect(check({ plans: [1], note: () => 1 })).toBe(false);
    expect(check(JSON.parse('{"plans":[1],"__proto__":{"x":1}}'))).toBe(false);
    expect(check({ plans: [1, 'team', 0] })).toBe(false);
  });

  it('accepts for checking only what zod returns as it is', () => {
    const schema = schemas.CheckingParamsSchema;
    const check = plainCheckOf(schema)!;
    const plan = fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom('', 'team', 1.5));
    const extra = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(10n, new Date(0), null, undefined, [undefined, 1]),
    );
    const params = fc.record(
      { plans: fc.array(plan, { maxLength: 3 }), team_seats: plan, note: extra },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(params, (value) => {
        if (!check(value)) return;
        const parsed = schema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(value);
      }),
      { numRuns: 500, seed: 20261128 },
    );
  });
});
