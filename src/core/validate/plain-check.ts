import type * as z from 'zod/mini';

/** A yes/no answer to "does zod accept this value, and return it unchanged?". */
export type PlainCheck = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: unknown[];
  check?: string;
  format?: string;
  innerType?: Schema;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  options?: Schema[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
}
type Schema = { _zod: { def: Def } };

/** The plain check of a string, and of a transform that returns a string as it is (an amount). */
export const isString: PlainCheck = (value) => typeof value === 'string';
const isBoolean: PlainCheck = (value) => typeof value === 'boolean';

const compiled = new WeakMap<object, PlainCheck | null>();

/**
 * `schema`, with `check` declared as its plain check: for a schema with a transform, `check` must
 * accept only values the transform returns unchanged (a decimal amount that already is a string).
 * Called with a pure annotation, so that a bundle that never uses the schema leaves out both.
 */
export function withPlainCheck<S extends z.ZodMiniType>(schema: S, check: PlainCheck): S {
  compiled.set(schema, check);
  return schema;
}

/**
 * A plain-JavaScript check equivalent to `schema`, for schemas whose output is their input
 * (loose objects, arrays, records, unions, optional, nullable, and string, number, integer and
 * boolean leaves with no extra checks), or `undefined` for any other (a transform, a refinement).
 *
 * Why: zod/mini parses object by object and copies each one; on a 10,000-item consumables listing
 * that was 3x the cost of JSON.parse (BENCHMARKS.md, "Validation"). A value that passes this check
 * is what zod would have returned, so the core returns it as is; one that fails still goes
 * through zod, which stays the one source of truth for what is valid and for the issues reported.
 * test/core/plain-check.test.ts checks that both agree on arbitrary values.
 */
export function plainCheckOf(schema: z.ZodMiniType): PlainCheck | undefined {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compile(schema as unknown as Schema) ?? null;
    compiled.set(schema, check);
  }
  return check ?? undefined;
}

// zod copies an object into one of Object.prototype (a null-prototype one too), reading its
// fields through the prototype chain: an object of any other prototype is zod's to copy.
const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function compile(schema: Schema): PlainCheck | undefined {
  const def = schema._zod.def;
  // Any extra check (min length, regex, refine) is zod's to run.
  if (def.checks && def.checks.length > 0) return undefined;
  switch (def.type) {
    case 'unknown':
      return () => true;
    case 'string':
      return def.check ? undefined : isString;
    case 'boolean':
      return isBoolean;
    case 'number':
      if (def.check === 'number_format' && def.format === 'safeint') return Number.isSafeInteger;
      return def.check ? undefined : (value) => typeof value === 'number' && Number.isFinite(value);
    case 'optional':
      return either(undefined, def.innerType);
    case 'nullable':
      return either(null, def.innerType);
    case 'array':
      return arrayOf(def.element);
    case 'record':
      return recordOf(def.keyType, def.valueType);
    case 'union':
      return unionOf(def.options);
    case 'object':
      return looseObjectOf(def.shape, def.catchall);
    default:
      return undefined;
  }
}

function either(allowed: undefined | null, inner: Schema | undefined): PlainCheck | undefined {
  const check = inner && plainCheckOf(inner as unknown as z.ZodMiniType);
  return check && ((value) => value === allowed || check(value));
}

function arrayOf(element: Schema | undefined): PlainCheck | undefined {
  const check = element && plainCheckOf(element as unknown as z.ZodMiniType);
  if (!check) return undefined;
  return (value) => {
    if (!Array.isArray(value)) return false;
    for (const item of value) if (!check(item)) return false;
    return true;
  };
}

function recordOf(key: Schema | undefined, valueType: Schema | undefined): PlainCheck | undefined {
  const keyDef = key?._zod.def;
  // Only string keys with no checks: every JSON key passes them.
  if (!keyDef || keyDef.type !== 'string' || keyDef.check || keyDef.checks?.length)
    return undefined;
  const check = valueType && plainCheckOf(valueType as unknown as z.ZodMiniType);
  if (!check) return undefined;
  return (value) => {
    if (!isPlainRecord(value)) return false;
    // An own `__proto__` key is zod's to drop (JSON.parse kept it): zod's copy has none.
    for (const name in value) if (name === '__proto__' || !check(value[name])) return false;
    return true;
  };
}

function unionOf(options: Schema[] | undefined): PlainCheck | undefined {
  const checks = options?.map((option) => plainCheckOf(option as unknown as z.ZodMiniType));
  if (!checks || checks.some((check) => !check)) return undefined;
  const all = checks as PlainCheck[];
  return (value) => all.some((check) => check(value));
}

/**
 * One field of a loose object, flattened so the object's loop tests common leaves inline: calling
 * a different closure per field made that loop three times slower on big listings.
 */
interface Field {
  required: boolean;
  nullable: boolean;
  leaf: 'string' | 'int' | 'boolean' | 'other';
  check: PlainCheck;
}

function fieldOf(schema: Schema): Field | undefined {
  let optional = false;
  let nullable = false;
  let inner = schema;
  for (;;) {
    const type = inner._zod.def.type;
    if (type !== 'optional' && type !== 'nullable') break;
    if (type === 'optional') optional = true;
    else nullable = true;
    inner = inner._zod.def.innerType!;
  }
  const check = plainCheckOf(inner as unknown as z.ZodMiniType);
  if (!check) return undefined;
  const leaf = check === isString ? 'string' : check === isBoolean ? 'boolean' : 'other';
  const required = !optional && inner._zod.def.type !== 'unknown';
  return { required, nullable, leaf: check === Number.isSafeInteger ? 'int' : leaf, check };
}

/**
 * Loose objects only: a plain object strips unknown keys, so its output is not its input. The
 * check walks the value's keys once (as JSON.parse made them: every field enumerable), looks each
 * up in the shape and counts the required ones met: 1.5-2.5x faster than reading every field by
 * name. No field named as one of Object.prototype's: zod reads it through the prototype chain.
 */
function looseObjectOf(
  shape: Record<string, Schema> | undefined,
  catchall: Schema | undefined,
): PlainCheck | undefined {
  if (!shape || catchall?._zod.def.type !== 'unknown') return undefined;
  const fields: Record<string, Field | undefined> = Object.create(null);
  let required = 0;
  for (const [name, schema] of Object.entries(shape)) {
    const field = fieldOf(schema);
    if (!field || name in Object.prototype) return undefined;
    fields[name] = field;
    if (field.required) required++;
  }
  return (value) => {
    if (!isPlainRecord(value)) return false;
    let met = 0;
    for (const name in value) {
      const field = fields[name];
      if (field === undefined && name === '__proto__') return false; // zod's copy has none
      if (field === undefined) continue;
      const item = value[name];
      if (field.required && item === undefined) return false;
      if (field.required) met++;
      if (item === undefined || (item === null && field.nullable)) continue;
      switch (field.leaf) {
        case 'string':
          if (typeof item !== 'string') return false;
          break;
        case 'int':
          if (!Number.isSafeInteger(item)) return false;
          break;
        case 'boolean':
          if (typeof item !== 'boolean') return false;
          break;
        default:
          if (!field.check(item)) return false;
      }
    }
    return met === required;
  };
}
