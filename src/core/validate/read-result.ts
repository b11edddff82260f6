import type { ResponsePromise } from 'ky';
import type * as z from 'zod/mini';
import { ResponseTooLargeError } from '../errors/response-too-large-error.js';
import { TimeoutError } from '../errors/connection-error.js';
import { ResponseValidationError, type ValidationIssue } from '../errors/validation-errors.js';
import type { Log } from '../setup/logger.js';
import type { ValidationMode } from '../setup/options.js';
import { plainCheckOf } from './plain-check.js';
import { redact } from '../secrets/redact.js';
import { toIssues } from '../prepare/validate-input.js';

/** What bounds one body read: the client's `maxResponseBytes` and the attempt's timeout. */
export interface BodyBounds {
  maxBytes: number;
  timeoutMs: number;
  method: string;
  url: string;
}

/**
 * Reads an answer's body as text, within the attempt's `timeout` and at most `maxBytes` bytes: the
 * one place a body is read (2xx or not). Past the bound, or when `Content-Length` already says
 * more, the body is cancelled (which ends the request) and {@link ResponseTooLargeError} rejects
 * at once: an endless answer costs the client `maxBytes`, not the time to its timeout.
 *
 * An answer of announced length within the bound, not compressed (a compressed one can inflate
 * far past its length), is read by ky's own body shortcut; any other is read piece by piece.
 */
export async function readBody(pending: ResponsePromise, bounds: BodyBounds): Promise<string> {
  const response = await pending;
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (announced > bounds.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(response, bounds, announced);
  }
  if (announced >= 0 && !encoded) return pending.text();
  return readBounded(response, bounds);
}

/** The body piece by piece, counting bytes, under a timer of the attempt's timeout. */
async function readBounded(response: Response, bounds: BodyBounds): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel().catch(() => undefined);
  }, bounds.timeoutMs);
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      received += read.value.byteLength;
      if (received > bounds.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(response, bounds, received);
      }
      parts.push(decoder.decode(read.value, { stream: true }));
    }
    if (timedOut) throw timeoutOf(bounds);
  } finally {
    clearTimeout(timer);
  }
  parts.push(decoder.decode());
  return parts.join('');
}

function tooLarge(response: Response, bounds: BodyBounds, receivedBytes: number) {
  const { maxBytes: limit, method, url } = bounds;
  return new ResponseTooLargeError({ status: response.status, limit, receivedBytes, method, url });
}

/** The answer began but its body did not end in time: the service may have acted. */
function timeoutOf({ method, url, timeoutMs }: BodyBounds): TimeoutError {
  return new TimeoutError(`No answer from ${method} ${url} within ${timeoutMs} ms`, {
    mayHaveBeenProcessed: true,
    method,
    url,
  });
}

/** What a 2xx body is checked against, and what it must not leak. */
export interface ResultCheck<T> {
  /** The schema of a 2xx body, or `'empty'` for answers with nothing to read. */
  schema: z.ZodMiniType<T> | 'empty';
  validation: ValidationMode;
  method: string;
  url: string;
  secrets: readonly string[];
}

/**
 * Parses and validates a 2xx body. Most listings are valid: a plain check answers for them without
 * zod copying each object; only a failing one pays for zod's issues.
 */
export function readResult<T>(text: string, check: ResultCheck<T>, log: Log): T {
  const { schema, method, url, secrets } = check;
  if (schema === 'empty') return undefined as T;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    // Redact before cutting: a secret across the cut would leave its first characters.
    const body = (redact(text, secrets) as string).slice(0, 500);
    throw new ResponseValidationError({
      issues: [{ path: [], message: 'the body is not JSON' }],
      body,
      method,
      url,
    });
  }
  if (check.validation === 'off') return parsed.value as T;
  if (plainCheckOf(schema)?.(parsed.value)) return parsed.value as T;
  const result = schema.safeParse(parsed.value);
  if (result.success) return result.data;
  // Issues quote the service (seat errors' messages, record keys): they may echo a secret.
  const issues = redact(
    toIssues(result.error.issues, { input: parsed.value }),
    secrets,
  ) as ValidationIssue[];
  const failure = new ResponseValidationError({
    issues,
    body: redact(parsed.value, secrets),
    method,
    url,
  });
  if (check.validation === 'error') throw failure;
  log.warn(failure.message);
  return parsed.value as T;
}

/** An error body as JSON when it is JSON, else as text (an HTML page), else undefined. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
