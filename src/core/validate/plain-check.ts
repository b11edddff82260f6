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

const compiled = new WeakMap<object, PlainCheck | null>();

/**
 * Declares `check` as the plain check of a schema that has a transform: `check` must accept only
 * values the transform returns unchanged (a decimal amount that already is a string). zod still
 * transforms everything else.
 */
export function definePlainCheck(schema: z.ZodMiniType, check: PlainCheck): void {
  compiled.set(schema, check);
}

/**
 * `schema`, with `check` declared as its plain check (as {@link definePlainCheck} does). Called
 * with a pure annotation, so that a bundle that never uses the schema leaves out both.
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

// An object with an own `__proto__` key is zod's to copy: its copy has none (JSON.parse kept it).
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !Object.hasOwn(value, '__proto__');

function compile(schema: Schema): PlainCheck | undefined {
  const def = schema._zod.def;
  // Any extra check (min length, regex, refine) is zod's to run.
  if (def.checks && def.checks.length > 0) return undefined;
  switch (def.type) {
    case 'unknown':
      return () => true;
    case 'string':
      return def.check ? undefined : (value) => typeof value === 'string';
    case 'boolean':
      return (value) => typeof value === 'boolean';
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
    if (!isRecord(value)) return false;
    for (const name in value) if (!check(value[name])) return false;
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
  name: string;
  optional: boolean;
  nullable: boolean;
  leaf: 'string' | 'int' | 'number' | 'boolean' | 'unknown' | 'other';
  check: PlainCheck;
}

function fieldOf(name: string, schema: Schema): Field | undefined {
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
  const { type } = inner._zod.def;
  const plain = type === 'string' || type === 'number' || type === 'boolean' || type === 'unknown';
  const leaf = check === Number.isSafeInteger ? 'int' : plain ? type : 'other';
  return { name, optional, nullable, leaf, check };
}

/** Loose objects only: a plain object strips unknown keys, so its output is not its input. */
function looseObjectOf(
  shape: Record<string, Schema> | undefined,
  catchall: Schema | undefined,
): PlainCheck | undefined {
  if (!shape || catchall?._zod.def.type !== 'unknown') return undefined;
  const fields: Field[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    const field = fieldOf(name, schema);
    if (!field) return undefined;
    fields.push(field);
  }
  return (value) => {
    if (!isRecord(value)) return false;
    for (const field of fields) {
      const item = value[field.name];
      if (item === undefined) {
        if (field.optional || field.leaf === 'unknown') continue;
        return false;
      }
      if (item === null && field.nullable) continue;
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
        case 'unknown':
          break;
        default:
          if (!field.check(item)) return false;
      }
    }
    return true;
  };
}
