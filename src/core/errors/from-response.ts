import { APIError, mayHaveActed, slugOf, type APIErrorDetails } from './api-error.js';
import { refusalCode } from './refusal-codes.js';
import { BillingPeriodLimitError, OwnerOnlyError, RechargeBudgetError } from './named-errors.js';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  RateLimitError,
} from './status-errors.js';

type APIErrorClass = new (details: APIErrorDetails) => APIError;

/**
 * The classes of SERVICE.md's three named failures, by code: the code is recognized whatever the
 * status and the language (the deployed server varies the owner-only wording and answers in
 * English or Spanish; see refusal-codes.ts).
 */
const NAMED: ReadonlyMap<string | null, APIErrorClass> = new Map([
  ['only-owner-allowed', OwnerOnlyError],
  ['billing-period-limit-reached', BillingPeriodLimitError],
  ['would-exceed-limit', RechargeBudgetError],
]);

const BY_STATUS: ReadonlyMap<number, APIErrorClass> = new Map([
  [400, BadRequestError],
  [401, AuthenticationError],
  [402, PaymentRequiredError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [429, RateLimitError],
]);

/**
 * Builds the typed error for a non-2xx answer. `body` is already parsed and redacted; `hint`, when
 * given, adds to the server's message what the client knows of the likely cause.
 */
export function errorFromResponse(
  answer: Omit<APIErrorDetails, 'message'> & { statusText: string },
  hint?: (serverMessage: string) => string,
): APIError {
  const said = messageOf(answer.body) ?? (answer.statusText || 'Request failed');
  const recognized = refusalCode(said, slugOf(answer.body));
  const named = NAMED.get(recognized);
  // A code names a refusal: an answer the service may have acted on (a 5xx) is none, except
  // SERVICE.md's named failures, refusals whatever their status (which it does not give).
  const code = named || !mayHaveActed(answer.status, answer.headers) ? recognized : null;
  const message = hint ? `${said} ${hint(said)}` : said;
  const details: APIErrorDetails = { ...answer, message, code };
  const ErrorClass =
    named ??
    BY_STATUS.get(answer.status) ??
    (answer.status >= 500 ? InternalServerError : APIError);
  return new ErrorClass(details);
}

/**
 * Reads the human message from any error body the service sends: `detail`, `message` or
 * `error` as a string, an array or an object of field errors; a bare object of field errors
 * (`{"recharge_amount": ["Ensure ..."]}`); a list of error objects; or an HTML page (its title).
 */
export function messageOf(body: unknown, depth = 0): string | undefined {
  if (depth > 4 || body === null || body === undefined) return undefined;
  if (typeof body === 'string') return textMessage(body);
  if (Array.isArray(body)) return joinMessages(body.map((item) => messageOf(item, depth + 1)));
  if (typeof body !== 'object') return String(body);
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error', 'errors']) {
    if (key in record) {
      const found = messageOf(record[key], depth + 1);
      if (found) return found;
    }
  }
  return fieldErrors(record, depth);
}

/** `{"field": ["msg"]}` → "field: msg", ignoring bookkeeping keys such as `status_code`. */
function fieldErrors(record: Record<string, unknown>, depth: number): string | undefined {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key === 'status_code' || key === 'silent' || key === 'silent_code') continue;
    const text = messageOf(value, depth + 1);
    if (text) parts.push(`${key}: ${text}`);
  }
  return joinMessages(parts);
}

function textMessage(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (trimmed.startsWith('<')) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim();
    return title ? `HTML error page: ${title}` : 'HTML error page';
  }
  return trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed;
}

function joinMessages(parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length ? present.join('; ') : undefined;
}
