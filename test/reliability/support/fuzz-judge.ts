// Judges one fuzzed call by what it did: what it returned or threw, and what reached the service.
import { inspect } from 'node:util';
import {
  AbortError,
  APIError,
  ConnectionError,
  InvalidRequestError,
  PurchaseError,
  ResponseValidationError,
  SeatpayError,
  TimeoutError,
} from '../../../src/index.js';
import type { SeenRequest } from './fuzz-service.js';

export type Outcome =
  | { kind: 'resolved'; value: unknown }
  | { kind: 'rejected'; error: unknown }
  | { kind: 'sync-throw'; error: unknown }
  | { kind: 'not-a-promise'; value: unknown }
  | { kind: 'hung' };

/** What a method may legitimately end with, besides resolving or `InvalidRequestError`. */
export interface Allowance {
  /** A per-call or helper timeout was given as a valid number: a `TimeoutError` may end it. */
  timeout?: boolean;
  /** A real, aborted signal was given: an `AbortError` may end it. */
  abort?: boolean;
  /** Other `SeatpayError`s this method may end with after a valid request (helpers' own errors). */
  helperError?: (error: SeatpayError) => boolean;
  /** Checks a resolved value and the requests against the arguments; returns problems. */
  check?: (value: unknown, requests: SeenRequest[]) => string[];
}

export type Verdict = 'sent' | 'invalid' | 'error-after-send' | 'violation';

/**
 * Settles `start()` within `limitMs`, telling a synchronous throw apart from a rejection. The
 * limit is a guard against a call that never settles, not a budget: 30 s, past any timeout the
 * fuzz draws (3 s, as it was, is a budget a loaded machine can exceed).
 */
export async function observe(start: () => unknown, limitMs = 30_000): Promise<Outcome> {
  let promise: unknown;
  try {
    promise = start();
  } catch (error) {
    return { kind: 'sync-throw', error };
  }
  if (!(promise instanceof Promise)) return { kind: 'not-a-promise', value: promise };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hung' }), limitMs);
  });
  const settled = promise.then(
    (value: unknown): Outcome => ({ kind: 'resolved', value }),
    (error: unknown): Outcome => ({ kind: 'rejected', error }),
  );
  try {
    return await Promise.race([settled, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** The verdict on one call, and why when it is a violation. */
export function judge(
  outcome: Outcome,
  seen: SeenRequest[],
  allow: Allowance,
): { verdict: Verdict; problems: string[] } {
  // An attempt that the caller's own `timeout` cut off while its body was on the way is retried
  // (a chunk is idempotent): the requests that arrived whole are judged. Cut off without a
  // timeout, nothing could have ended it: that is a violation.
  const cut = seen.filter((r) => r.abandoned);
  const requests = seen.filter((r) => !r.abandoned);
  const problems = seen.flatMap((r) => r.problems.map((p) => `${r.method} ${r.url}: ${p}`));
  const fail = (why: string) => ({ verdict: 'violation' as const, problems: [why, ...problems] });
  if (cut.length && !allow.timeout) return fail(`${cut.length} request(s) cut off with no timeout`);
  switch (outcome.kind) {
    case 'sync-throw':
      return fail(`threw synchronously: ${describe(outcome.error)}`);
    case 'not-a-promise':
      return fail('did not return a promise');
    case 'hung':
      return fail('did not settle in time');
    case 'resolved': {
      if (requests.length === 0) return fail('resolved without sending a request');
      const wrong = allow.check?.(outcome.value, requests) ?? [];
      if (problems.length || wrong.length) return fail(`resolved, but: ${wrong.join('; ')}`);
      return { verdict: 'sent', problems: [] };
    }
    case 'rejected': {
      const error = outcome.error;
      if (error instanceof InvalidRequestError) {
        return requests.length === 0
          ? { verdict: 'invalid', problems: [] }
          : fail(`InvalidRequestError after ${requests.length} request(s): ${error.message}`);
      }
      if (!(error instanceof SeatpayError)) return fail(`rejected with ${describe(error)}`);
      if (problems.length) return fail(`rejected with ${describe(error)}`);
      if (!allowed(error, requests, allow)) return fail(`rejected with ${describe(error)}`);
      return { verdict: 'error-after-send', problems: [] };
    }
  }
}

function allowed(thrown: SeatpayError, requests: SeenRequest[], allow: Allowance): boolean {
  // purchase() wraps every failure in PurchaseError: judge the typed failure it carries.
  const error =
    thrown instanceof PurchaseError && thrown.cause instanceof SeatpayError ? thrown.cause : thrown;
  if (error instanceof AbortError) return allow.abort === true;
  if (error instanceof TimeoutError) return allow.timeout === true;
  // The fuzz service never drops a connection and always answers well-formed requests well.
  if (
    error instanceof ConnectionError ||
    error instanceof APIError ||
    error instanceof ResponseValidationError
  )
    return false;
  return requests.length > 0 && (allow.helperError?.(error) ?? false);
}

export function describe(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message.slice(0, 300)}`;
  return inspect(error, { depth: 2 }).slice(0, 300);
}

/** Counts per method and column, printed as a markdown table: the file's figures. */
export class FigureTable {
  private readonly rows = new Map<string, Map<string, number>>();

  constructor(private readonly columns: string[]) {}

  add(method: string, column: string, amount = 1): void {
    if (!this.columns.includes(column)) throw new Error(`no column ${column}`);
    let row = this.rows.get(method);
    if (!row) this.rows.set(method, (row = new Map()));
    row.set(column, (row.get(column) ?? 0) + amount);
  }

  get(method: string, column: string): number {
    return this.rows.get(method)?.get(column) ?? 0;
  }

  print(title: string): string {
    const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
    const totals = this.columns.map((column) =>
      [...this.rows.keys()].reduce((sum, method) => sum + this.get(method, column), 0),
    );
    const text = [
      line(['method', ...this.columns]),
      line(['---', ...this.columns.map(() => '---:')]),
      ...[...this.rows.keys()].map((method) =>
        line([method, ...this.columns.map((column) => this.get(method, column))]),
      ),
      line(['**total**', ...totals]),
    ].join('\n');
    console.log(`\n${title}\n\n${text}\n`);
    return text;
  }
}

/** Counts unhandled rejections while a file runs. */
export function trackUnhandledRejections() {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => void seen.push(reason);
  return {
    start: () => process.on('unhandledRejection', listener),
    stop: () => process.off('unhandledRejection', listener),
    /** How many so far, after letting pending rejections surface. */
    async count(): Promise<number> {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return seen.length;
    },
    seen,
  };
}
