import { APIError } from '../errors/api-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import type { Route } from '../routes/routes.js';

export interface RetrySettings {
  /** First backoff delay in ms; doubles per retry. */
  baseDelay: number;
  /** Longest backoff delay in ms. */
  maxBackoff: number;
  /** Longest `Retry-After` honoured in ms; a longer one is capped to this. */
  maxRetryDelay: number;
}

const TRANSIENT_STATUSES = new Set([408, 429]);

/**
 * How long to wait before sending `route` again after `error`, or `undefined` when it must not be
 * sent again. This is the whole retry policy of seatpay (README, "Retries").
 */
export function retryDelay(
  route: Route,
  error: unknown,
  attempt: number,
  settings: RetrySettings,
): number | undefined {
  if (!isRetryable(route, error)) return undefined;
  const serverDelay =
    error instanceof APIError ? retryAfterMs(error.headers['retry-after']) : undefined;
  if (serverDelay !== undefined) return Math.min(serverDelay, settings.maxRetryDelay);
  return backoff(attempt, settings);
}

function isRetryable(route: Route, error: unknown): boolean {
  if (error instanceof ConnectionError) {
    return route.replay === 'idempotent' || !error.mayHaveBeenProcessed;
  }
  if (!(error instanceof APIError)) return false;
  if (route.replay === 'idempotent') {
    return TRANSIENT_STATUSES.has(error.status) || error.status >= 500;
  }
  // Money-moving calls: only answers that say the request was refused before processing.
  return (
    error.status === 429 || (error.status === 503 && error.headers['retry-after'] !== undefined)
  );
}

/** Exponential backoff with jitter: a random delay between half and all of `base * 2^(attempt-1)`. */
export function backoff(
  attempt: number,
  settings: Pick<RetrySettings, 'baseDelay' | 'maxBackoff'>,
): number {
  const ceiling = Math.min(settings.baseDelay * 2 ** Math.max(0, attempt - 1), settings.maxBackoff);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** `Retry-After` in seconds or as an HTTP date, in ms from now; `undefined` when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
