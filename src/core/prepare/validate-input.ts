import type * as z from 'zod/mini';
import { InvalidRequestError, type ValidationIssue } from '../errors/validation-errors.js';
import { plainCheckOf } from '../validate/plain-check.js';
import { nearestOption } from '../setup/option-names.js';
import { checkSignal, isSignal, signalAsOptionsError } from '../../signal-like.js';

/**
 * Checks the caller's arguments against their schema before anything is sent, and returns the
 * parsed value. Throws {@link InvalidRequestError} naming the first offending field. `name` is the
 * argument's wire name: it prefixes paths into an array argument (`add_seats.0.email`) and stands
 * alone for a scalar (`subscription_id`).
 */
export function parseInput<T>(schema: z.ZodMiniType<T>, value: unknown, name: string): T {
  // Nearly every argument is valid: a plain check (core/validate/plain-check.ts) that accepts only
  // what zod returns unchanged skips zod's copying parse. zod still judges and words the rest.
  if (passesPlainCheck(schema, value)) return value as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues, { input: value }).map((issue) =>
    typeof issue.path[0] === 'number' ? { ...issue, path: [name, ...issue.path] } : issue,
  );
  const first = issues[0];
  const field = first && first.path.length ? first.path.join('.') : name;
  throw new InvalidRequestError(`Invalid ${field}: ${first?.message ?? 'invalid value'}`, {
    field,
    issues,
  });
}

function passesPlainCheck(schema: z.ZodMiniType, value: unknown): boolean {
  try {
    return plainCheckOf(schema)?.(value) === true;
  } catch {
    return false; // a Proxy or a getter that throws: zod's to judge
  }
}

/**
 * zod's issues reduced to what seatpay's errors carry. zod/mini ships no locale (it would cost the
 * bundle), so its generic "Invalid input" is replaced by a short description of the issue.
 * `source.input` is the value that was parsed: zod drops `issue.input` from its issues, so only
 * the value itself tells a missing field ("is required") from one of the wrong type.
 */
export function toIssues(
  issues: readonly z.core.$ZodIssue[],
  source?: { input: unknown },
): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key], message: 'is not a known field' }));
    }
    const missing = source ? valueAt(source.input, path) === undefined : issue.input === undefined;
    const message = issue.message === 'Invalid input' ? describe(issue, missing) : issue.message;
    return [{ path, message }];
  });
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key))
      return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describe(issue: z.core.$ZodIssue, missing: boolean): string {
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'is required' : `must be ${article(issue.expected)}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    case 'invalid_union':
      return 'matches none of the allowed shapes';
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      return 'is invalid';
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** The longest delay a timer can wait: past it, setTimeout fires at once (after 1 ms). */
export const MAX_TIMER_MS = 2_147_483_647;

/** A header name (RFC 9110 `token`). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value fetch sends as given: Latin-1 text without line breaks or NUL. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Checks a number option (`timeout`, `maxRetries` ...): finite and >= 0, and for a duration no
 * longer than a timer can wait, so a huge timeout never turns into an immediate one.
 */
export function checkNumberOption(name: string, value: unknown, max = Infinity): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
    const bound = max === Infinity ? '' : ` and <= ${max}`;
    throw new InvalidRequestError(`Invalid ${name}: must be a number >= 0${bound}`, {
      field: name,
    });
  }
}

/**
 * Checks extra headers: a plain object of valid header names to strings fetch can send. The
 * message names the field, never the value (it may hold a secret).
 */
export function checkHeaders(headers: unknown, field: string): void {
  if (headers === undefined) return;
  const proto = typeof headers === 'object' && headers ? Object.getPrototypeOf(headers) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    throw new InvalidRequestError(
      `Invalid ${field}: must be an object of header names to strings`,
      { field },
    );
  }
  for (const [name, value] of Object.entries(headers as object)) {
    if (!HEADER_NAME.test(name)) {
      throw new InvalidRequestError(`Invalid ${field}: not a valid header name`, { field });
    }
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw new InvalidRequestError(`Invalid ${field}.${name}: must be a valid header value`, {
        field: `${field}.${name}`,
      });
    }
  }
}

const NO_OPTIONS = Object.freeze({});
const REQUEST_OPTIONS = ['signal', 'timeout', 'totalTimeout', 'maxRetries', 'headers'];
/** InternalRequestOptions' names: a helper's (upload, purchase) and the deadline's. */
const INTERNAL_OPTIONS = ['sending', 'onRetry', 'onUploadProgress', 'callerSignal'];

/** A name no call reads (`sigal`, from JavaScript): the call ran without it (newuser20). */
function refuseUnknownNames(options: Record<string, unknown>): void {
  const names: string[] = []; // inherited too, short of the root (a realm's Object.prototype)
  for (let at: object | null = options; at; at = Object.getPrototypeOf(at) as object | null)
    if (at === options || Object.getPrototypeOf(at)) names.push(...Object.keys(at));
  for (const name of names) {
    if (REQUEST_OPTIONS.includes(name) || INTERNAL_OPTIONS.includes(name)) continue;
    if (options[name] === undefined) continue; // a wrapper's spread names nothing
    const meant = nearestOption(name, REQUEST_OPTIONS);
    const hint = meant ? ` (did you mean \`${meant}\`?)` : '';
    const known = REQUEST_OPTIONS.join(', ');
    throw new InvalidRequestError(
      `\`${name}\` is no request option${hint}: they are ${known}. Nothing was sent`,
      { field: name },
    );
  }
}

/**
 * Checks the last argument of every method before anything is sent, like the client's options: a
 * wrong signal, timeout, retry count or header is an {@link InvalidRequestError}, not a TypeError
 * or an immediate timeout further down. `null` counts as no options.
 */
export function checkRequestOptions<T extends object>(options: T | null | undefined): T {
  if (options === undefined || options === null) return NO_OPTIONS as T; // one for every call
  // A signal as the options (`checkout(order, signal)`, an iframe's too) stopped nothing (redteam40, 43).
  if (typeof options !== 'object' || isSignal(options)) throw signalAsOptionsError('{ signal }');
  const { signal, timeout, totalTimeout, maxRetries, headers } = options as Record<string, unknown>;
  checkSignal(signal); // another realm's or a polyfill's too: the money calls took those (signals19)
  checkNumberOption('timeout', timeout, MAX_TIMER_MS);
  checkNumberOption('totalTimeout', totalTimeout, MAX_TIMER_MS);
  checkNumberOption('maxRetries', maxRetries);
  checkHeaders(headers, 'headers');
  refuseUnknownNames(options as Record<string, unknown>);
  return options;
}
