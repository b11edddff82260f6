import { withEnvironmentDefaults } from './environment-defaults.js';
import { checkOptionNames } from './option-names.js';
import { SeatpayError } from '../errors/seatpay-error.js';
import { InvalidRequestError } from '../errors/validation-errors.js';
import { checkHooks } from '../send/hooks.js';
import { HttpCore } from '../request.js';
import { platform } from '#platform';
import type { ClientOptions } from './options.js';
import { profileNamed } from '../routes/profiles.js';
import { checkHeaders, checkNumberOption, MAX_TIMER_MS } from '../prepare/validate-input.js';
import { schemePrefixProblem } from '../prepare/token.js';

/**
 * The request path alone, without any resource: what each resource class is built on. For bundles
 * that need one family of the service, resources can be built on it one by one, and a bundler
 * leaves out every other resource and helper (BENCHMARKS.md, "Bundle size").
 *
 * Checks the options first, like {@link createClient}: nothing usable is ever half-built.
 *
 * @example
 * ```ts
 * import { createCore, PlansResource } from 'seatpay';
 *
 * const plans = new PlansResource(createCore({ baseUrl: 'https://api.example.com', token }));
 * const plan = await plans.get('team-per-seat');
 * ```
 * @category Client
 */
export function createCore(options?: ClientOptions): HttpCore {
  const resolved = readable('options', () => {
    // A misspelled option first: otherwise the error names what then seems missing (`baseUrl`).
    if (options && typeof options === 'object') checkOptionNames(options);
    // The platform (`#platform` in package.json's imports) is chosen by the export conditions, once.
    return withEnvironmentDefaults(options, platform);
  });
  checkOptions(resolved);
  return new HttpCore(resolved, platform);
}

/**
 * `read()`, with what a hostile option throws (a Proxy whose traps throw, a getter) turned into
 * an {@link InvalidRequestError} naming the option: createClient only ever throws seatpay's errors.
 */
function readable<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SeatpayError) throw error;
    throw new InvalidRequestError(
      `Invalid ${field}: ${field === 'options' ? 'they' : 'it'} could not be read (a Proxy or a getter threw); pass plain values`,
      field === 'options' ? {} : { field },
    );
  }
}

/** Log levels and validation modes a client accepts. */
const LOG_LEVELS = new Set(['off', 'error', 'warn', 'info', 'debug']);
const VALIDATION_MODES = new Set(['error', 'warn', 'off']);
/** A token or auth scheme as one header value can carry it: visible ASCII, no spaces. */
const HEADER_WORD = /^[\x21-\x7e]+$/;

/**
 * An academy the client sends in the `Academy` header: a positive id, or a slug fetch can send as
 * is. Checked by hand, not by a schema: zod loads with a family's first call, after this.
 */
function isAcademy(value: unknown): boolean {
  if (typeof value === 'string') return HEADER_WORD.test(value);
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * Rejects unusable options at once, before any request: a wrong base URL, token, header, logger
 * or number. Each of these used to surface later as a TypeError or a ConnectionError from fetch
 * (whose message could quote the token), or be silently ignored.
 */
function checkOptions(options: ClientOptions): void {
  if (!options || typeof options !== 'object')
    throw new InvalidRequestError('createClient needs an options object');
  checkBaseUrl(options.baseUrl);
  const { token, authScheme, academy, logger } = options;
  const prefixed = schemePrefixProblem(token);
  if (prefixed !== undefined)
    throw new InvalidRequestError(`Invalid token: it ${prefixed}`, { field: 'token' });
  if (!(typeof token === 'function' || (typeof token === 'string' && HEADER_WORD.test(token)))) {
    throw new InvalidRequestError(
      'Invalid token: must be a non-empty string of visible ASCII characters, or a function returning one',
      { field: 'token' },
    );
  }
  if (
    authScheme !== undefined &&
    !(typeof authScheme === 'string' && (authScheme === '' || HEADER_WORD.test(authScheme)))
  ) {
    throw new InvalidRequestError('Invalid authScheme: must be one word, such as "Bearer"', {
      field: 'authScheme',
    });
  }
  if (academy !== undefined && !isAcademy(academy)) {
    const message = 'must be an academy id (a positive integer) or slug';
    throw new InvalidRequestError(`Invalid academy: ${message}`, {
      field: 'academy',
      issues: [{ path: [], message }],
    });
  }
  if (options.profile !== undefined && profileNamed(options.profile) === undefined) {
    throw new InvalidRequestError("Invalid profile: must be 'spec' or 'deployed'", {
      field: 'profile',
    });
  }
  checkNumberOption('timeout', options.timeout, MAX_TIMER_MS);
  checkNumberOption('totalTimeout', options.totalTimeout, MAX_TIMER_MS);
  checkNumberOption('maxRetries', options.maxRetries);
  checkNumberOption('maxRetryDelay', options.maxRetryDelay, MAX_TIMER_MS);
  checkNumberOption('retryBaseDelay', options.retryBaseDelay, MAX_TIMER_MS);
  readable('headers', () => checkHeaders(options.headers, 'headers'));
  checkMaxResponseBytes(options.maxResponseBytes);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new InvalidRequestError('Invalid fetch: must be a function', { field: 'fetch' });
  }
  if (options.validate !== undefined && !VALIDATION_MODES.has(options.validate)) {
    throw new InvalidRequestError("Invalid validate: must be 'error', 'warn' or 'off'", {
      field: 'validate',
    });
  }
  if (options.logLevel !== undefined && !LOG_LEVELS.has(options.logLevel)) {
    throw new InvalidRequestError(
      "Invalid logLevel: must be 'off', 'error', 'warn', 'info' or 'debug'",
      { field: 'logLevel' },
    );
  }
  readable('hooks', () => checkHooks(options.hooks));
  checkTelemetry(options);
  const methods = ['error', 'warn', 'info', 'debug'] as const;
  const usable = (log: object) =>
    methods.every((level) => typeof log[level as never] === 'function');
  if (
    logger !== undefined &&
    logger !== null &&
    !(typeof logger === 'object' && readable('logger', () => usable(logger)))
  ) {
    throw new InvalidRequestError('Invalid logger: must have error, warn, info and debug methods', {
      field: 'logger',
    });
  }
}

/** An absolute http(s) URL that paths can be appended to: no credentials, query or fragment. */
function checkBaseUrl(baseUrl: unknown): void {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === 'string' || baseUrl instanceof URL ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidRequestError('Invalid baseUrl: must be an absolute http(s) URL', {
      field: 'baseUrl',
    });
  }
  // Appended paths would land in the query or fragment; fetch refuses URLs with credentials. An
  // empty query or fragment (`https://x/api?`, `https://x/api#`) parses to '': the text tells.
  const text = String(baseUrl);
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(text)) {
    throw new InvalidRequestError('Invalid baseUrl: must have no credentials, query or fragment', {
      field: 'baseUrl',
    });
  }
}

/** The largest `maxResponseBytes`: a body is held in memory as text. */
const LARGEST_RESPONSE_BYTES = 2 ** 31;

function checkMaxResponseBytes(value: unknown): void {
  if (value === undefined) return;
  if (
    !Number.isInteger(value) ||
    (value as number) < 1 ||
    (value as number) > LARGEST_RESPONSE_BYTES
  ) {
    throw new InvalidRequestError(
      `Invalid maxResponseBytes: must be a whole number of bytes from 1 to ${LARGEST_RESPONSE_BYTES}`,
      { field: 'maxResponseBytes' },
    );
  }
}

/** A tracer and a meter as OpenTelemetry makes them: checked here, so a typo fails at once. */
function checkTelemetry(options: ClientOptions): void {
  for (const [field, method] of [
    ['tracer', 'startActiveSpan'],
    ['meter', 'createHistogram'],
  ] as const) {
    const given = options[field] as Record<string, unknown> | undefined;
    if (given !== undefined && readable(field, () => typeof given?.[method]) !== 'function') {
      throw new InvalidRequestError(
        `Invalid ${field}: must be an OpenTelemetry ${field} (from @opentelemetry/api)`,
        { field },
      );
    }
  }
}
