import type * as z from 'zod/mini';
import type { ValidationIssue } from '../core/errors/validation-errors.js';
import { letGo } from './let-go.js';

/** What the rows' validation uses of the page's code, handed to it (see page-parts.ts). */
export interface ValidationParts {
  /** Characters of work between two turns of the loop (large-value.ts). */
  SLICE: number;
  plainCheckOf: (schema: z.ZodMiniType) => ((value: unknown) => boolean) | undefined;
  toIssues: (issues: readonly z.core.$ZodIssue[], source: { input: unknown }) => ValidationIssue[];
  redact: (issues: ValidationIssue[]) => ValidationIssue[];
  /** Throws the call's abort once its signal fired: called after each turn of the loop. */
  halt?: () => void;
}

/** What `safeParse` would say of a whole value: its output, or its issues made a user's. */
export type SlicedResult =
  { success: true; data: unknown } | { success: false; issues: ValidationIssue[] };

interface Def {
  type: string;
  checks?: unknown[];
  element?: Schema;
  shape?: Record<string, Schema>;
}
type Schema = z.ZodMiniType & { _zod: { def: Def } };

/** Issues turned into a user's (and redacted) per slice: 14,000 of them took 40-90 ms in one go. */
const ISSUES_PER_SLICE = 1024;

/**
 * `value` validated by `schema` as one `safeParse` does it, with the same output, the same issues
 * in the same order, but a list's rows one at a time, the event loop let go every slice of work
 * (about `SLICE` characters of the `size`-character body). The list is `value` itself for an
 * array schema, or the longest array field of an object schema (`{ subscriptions: [...] }`):
 * zod's object reads its shape's keys in order, so the rest of the object (the envelope, its list
 * emptied) is parsed once, and its issues go before or after the rows' as their key does. Any
 * other schema (a union of shapes, a list with a length check, a refined object) gives
 * `undefined`: the caller parses it in one go.
 */
export async function validateInSlices(
  value: unknown,
  schema: z.ZodMiniType,
  size: number,
  parts: ValidationParts,
): Promise<SlicedResult | undefined> {
  const list = listOf(schema as Schema, value);
  if (list === undefined) return undefined;
  const { rows, element, key } = list;
  const prefix = key === undefined ? [] : [key];
  const perSlice = Math.max(1, Math.floor((rows.length * parts.SLICE) / Math.max(size, 1)));
  const plain = parts.plainCheckOf(element);
  const data = new Array<unknown>(rows.length);
  const found: z.core.$ZodIssue[] = [];
  let plainRows = plain !== undefined;
  for (let at = 0; at < rows.length; at++) {
    if (at > 0 && at % perSlice === 0) await letGo().then(parts.halt);
    const row = rows[at];
    if (plain?.(row)) {
      data[at] = row;
      continue;
    }
    plainRows = false;
    const result = element.safeParse(row);
    if (result.success) data[at] = result.data;
    else
      for (const issue of result.error.issues)
        found.push({ ...issue, path: [...prefix, at, ...issue.path] });
  }
  let output: unknown = data;
  let issues = found;
  if (key !== undefined) {
    const envelope = schema.safeParse({ ...(value as object), [key]: [] });
    if (envelope.success) (output = envelope.data as Record<string, unknown>)[key] = data;
    else {
      const keys = Object.keys(list.shape!);
      const before = (issue: z.core.$ZodIssue) =>
        issue.path.length > 0 && keys.indexOf(issue.path[0] as string) < keys.indexOf(key);
      issues = [
        ...envelope.error.issues.filter(before),
        ...found,
        ...envelope.error.issues.filter((issue) => !before(issue)),
      ];
    }
  }
  if (issues.length === 0) {
    // Every row and the envelope as they came: the one-go plain check returns the value itself,
    // its keys in the order they came (zod's parse of a loose envelope puts its shape's first).
    const asCame =
      plainRows && (key === undefined || parts.plainCheckOf(schema)?.({ ...value!, [key]: [] }));
    if (asCame) return { success: true, data: value };
    // Else zod copies every row, as its one parse does: a row kept as given kept its keys' order
    // and a `__proto__` key of its own, where zod's copy has its shape's keys first.
    for (let at = 0; at < rows.length; at++) {
      if (at > 0 && at % perSlice === 0) await letGo().then(parts.halt);
      if (data[at] === rows[at]) data[at] = element.safeParse(rows[at]).data;
    }
    return { success: true, data: output };
  }
  const made: ValidationIssue[] = [];
  for (let at = 0; at < issues.length; at += ISSUES_PER_SLICE) {
    if (at > 0) await letGo().then(parts.halt);
    const some = parts.toIssues(issues.slice(at, at + ISSUES_PER_SLICE), { input: value });
    for (const issue of parts.redact(some)) made.push(issue);
  }
  return { success: false, issues: made };
}

/** The list `schema` reads in `value`, row by row: none when zod would judge it as a whole. */
function listOf(
  schema: Schema,
  value: unknown,
): { rows: unknown[]; element: Schema; key?: string; shape?: Record<string, Schema> } | undefined {
  const def = schema._zod.def;
  if (def.checks?.length) return undefined;
  if (def.type === 'array') return Array.isArray(value) ? arrayOf(def, value) : undefined;
  if (def.type !== 'object' || !def.shape || typeof value !== 'object' || value === null)
    return undefined;
  if (Array.isArray(value)) return undefined;
  let longest: { rows: unknown[]; element: Schema; key?: string; shape?: Record<string, Schema> };
  longest = { rows: [], element: schema };
  for (const [key, field] of Object.entries(def.shape)) {
    const rows: unknown = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : 0;
    const list = Array.isArray(rows) ? arrayOf(field._zod.def, rows) : undefined;
    if (list && list.rows.length > longest.rows.length)
      longest = { ...list, key, shape: def.shape };
  }
  return longest.key === undefined ? undefined : longest;
}

function arrayOf(def: Def, rows: unknown[]) {
  if (def.type !== 'array' || def.checks?.length || !def.element) return undefined;
  return { rows, element: def.element };
}
