import { isSecretKey, kindOf, REDACTED } from '../secrets/redact.js';

/** Past this depth a value prints as a marker: a body nested 10,000 deep prints in a line. */
const MAX_DEPTH = 8;
/** Items of an array, keys of an object, shown before "… N more". */
const MAX_ITEMS = 50;
/** Characters of a string shown before "…". */
const MAX_STRING = 2_000;

/**
 * The fields of an error as `JSON.stringify` and `util.inspect` show them: `name`, `message`,
 * its own fields and its `cause`, each made {@link printable}. Never throws.
 */
export function printableError(error: Error, depth = 0, seen = new Set<object>()): unknown {
  seen.add(error);
  const fields: Record<string, unknown> = {};
  try {
    fields.name = printable(error.name, depth + 1, seen);
    fields.message = printable(error.message, depth + 1, seen);
    for (const key of Object.keys(error)) {
      if (key === 'name' || key === 'message' || key === 'stack' || key === 'cause') continue;
      fields[key] = isSecretKey(key) ? REDACTED : printable(readField(error, key), depth + 1, seen);
    }
    if (Object.hasOwn(error, 'cause'))
      fields.cause = printable(readField(error, 'cause'), depth + 1, seen);
  } catch {
    fields.unreadable = true;
  }
  return fields;
}

/**
 * A copy of `value` that `JSON.stringify` and `util.inspect` print without throwing and in
 * bounded size: cut past 8 levels, 50 items or 2,000 characters; a cycle, a BigInt, a symbol, a
 * function, a Proxy or a getter that throws each becomes a short marker; secret keys are masked.
 */
export function printable(value: unknown, depth = 0, seen = new Set<object>()): unknown {
  switch (typeof value) {
    case 'string':
      return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return '[Function]';
    case 'object':
      return value === null ? null : printableObject(value, depth, seen);
    default:
      return value;
  }
}

function printableObject(value: object, depth: number, seen: Set<object>): unknown {
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  try {
    if (value instanceof Error) return printableError(value, depth, seen);
    if (Array.isArray(value)) {
      const shown = value.slice(0, MAX_ITEMS).map((item) => printable(item, depth + 1, seen));
      if (value.length > MAX_ITEMS) shown.push(`… ${value.length - MAX_ITEMS} more`);
      return shown;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `[${kindOf(value)}]`;
    const keys = Object.keys(value);
    const result: Record<string, unknown> = {};
    for (const key of keys.slice(0, MAX_ITEMS)) {
      Object.defineProperty(result, key, {
        value: isSecretKey(key) ? REDACTED : printable(readField(value, key), depth + 1, seen),
        enumerable: true,
      });
    }
    if (keys.length > MAX_ITEMS) result['…'] = `${keys.length - MAX_ITEMS} more keys`;
    return result;
  } catch {
    return '[unreadable]';
  } finally {
    seen.delete(value);
  }
}

function readField(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return '[unreadable]';
  }
}
