import type { ClientHooks } from '../send/hooks.js';
import type { ProfileName } from '../routes/profiles.js';
import type { TelemetryMeter, TelemetryTracer } from '../observe/telemetry-types.js';

/**
 * Where the access token comes from: a string, or a function called before every attempt. A
 * function lets a long-lived client follow token rotation without being rebuilt.
 *
 * @example
 * ```ts
 * const client = createClient({
 *   baseUrl: 'https://api.example.com',
 *   token: async () => (await session.refresh()).accessToken, // your own token store
 * });
 * ```
 * @category Client
 */
export type TokenSource = string | (() => string | Promise<string>);

/**
 * How much the client logs: `'warn'` (the default) reports retries and, under
 * `validate: 'warn'`, bodies that do not match; `'info'` adds a line per request and per answer;
 * `'debug'` adds the bodies. Secrets are redacted at every level.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl, token, logger: console, logLevel: 'info' });
 * ```
 * @category Client
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/**
 * Any console-like logger: `console`, pino, winston, consola ... Each line starts with
 * `[seatpay]`; a second argument, when present, is redacted data (a body, say).
 *
 * @example
 * ```ts
 * import pino from 'pino';
 *
 * const log = pino();
 * const client = createClient({
 *   baseUrl,
 *   token,
 *   logLevel: 'info',
 *   logger: {
 *     error: (message, ...rest) => log.error({ rest }, message),
 *     warn: (message, ...rest) => log.warn({ rest }, message),
 *     info: (message, ...rest) => log.info({ rest }, message),
 *     debug: (message, ...rest) => log.debug({ rest }, message),
 *   },
 * });
 * ```
 * @category Client
 */
export interface Logger {
  /**
   * Receives lines at level `'error'`.
   *
   * @example
   * ```ts
   * const logger: Logger = { ...console, error: (message) => alerting.notify(message) };
   * ```
   */
  error(message: string, ...rest: unknown[]): void;
  /**
   * Receives lines at level `'warn'`: retries, and mismatched bodies under `validate: 'warn'`.
   *
   * @example
   * ```ts
   * let retries = 0;
   * const logger: Logger = { ...console, warn: () => void retries++ }; // count retries
   * ```
   */
  warn(message: string, ...rest: unknown[]): void;
  /**
   * Receives lines at level `'info'`: one per request and one per answer.
   *
   * @example
   * ```ts
   * const stamp = (message: string) => console.log(new Date().toISOString(), message);
   * const logger: Logger = { ...console, info: stamp };
   * ```
   */
  info(message: string, ...rest: unknown[]): void;
  /**
   * Receives lines at level `'debug'`: request and error bodies, redacted.
   *
   * @example
   * ```ts
   * const logger: Logger = { ...console, debug: (message, body) => console.dir({ body }) };
   * ```
   */
  debug(message: string, ...rest: unknown[]): void;
}

/**
 * What to do with a 2xx body that does not match its schema: `'error'` throws
 * {@link ResponseValidationError}, `'warn'` logs it and returns the body as it came, `'off'` does
 * not check. `'warn'` suits a client that must keep working while the service changes.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl, token, validate: 'warn', logger: console });
 * ```
 * @category Client
 */
export type ValidationMode = 'error' | 'warn' | 'off';

/**
 * The options of {@link createClient}. Only `baseUrl` and `token` are required, and where the
 * runtime has `process.env` they default to `SEATPAY_BASE_URL` and `SEATPAY_TOKEN` (`logLevel` to
 * `SEATPAY_LOG`). Every option is checked at once, so a mistake throws
 * {@link InvalidRequestError} before any request.
 *
 * @example
 * ```ts
 * const client = createClient({
 *   baseUrl: 'https://api.example.com',
 *   token: process.env.SEATPAY_TOKEN!,
 *   timeout: 10_000,
 *   maxRetries: 3,
 *   headers: { 'x-app': 'billing-console' },
 *   logger: console,
 *   logLevel: 'info',
 * });
 * ```
 * @category Client
 */
export interface ClientOptions {
  /**
   * Where the service lives; SERVICE.md paths are appended to it. Default: `SEATPAY_BASE_URL`.
   * @example 'https://api.example.com'
   */
  baseUrl?: string | URL;
  /**
   * The access token, or a provider called per request (sync or async) so tokens can rotate.
   * Default: `SEATPAY_TOKEN`.
   */
  token?: TokenSource;
  /** The scheme in `Authorization: <scheme> <token>`. @defaultValue the profile's: 'Bearer' for 'spec', 'Token' for 'deployed' */
  authScheme?: string;
  /**
   * Which server to talk to: `'spec'` follows SERVICE.md; `'deployed'` the server that is really
   * deployed (its methods, paths, auth scheme and body encodings; see the README's "Profiles").
   * @defaultValue 'spec'
   */
  profile?: ProfileName;
  /** Send media calls to the academy endpoints with this `Academy` header. */
  academy?: number | string;
  /** Milliseconds per attempt, answer body included. @defaultValue 30000 */
  timeout?: number;
  /**
   * Milliseconds for a whole call: every attempt, backoff and `Retry-After` wait included. When it
   * runs out the call rejects with `TimeoutError`. @defaultValue none
   */
  totalTimeout?: number;
  /** Retries after the first attempt (see the README's retry policy). @defaultValue 2 */
  maxRetries?: number;
  /** The longest `Retry-After` wait honoured, in milliseconds. @defaultValue 60000 */
  maxRetryDelay?: number;
  /** The first backoff delay in milliseconds; it doubles per retry (jittered, at most 8 s). @defaultValue 500 */
  retryBaseDelay?: number;
  /** A custom `fetch` (a proxy agent, instrumentation, a test double). */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Response validation. @defaultValue 'error' */
  validate?: ValidationMode;
  /** Where log lines go. Secrets are always redacted. @defaultValue console */
  logger?: Logger;
  /** How much to log; see {@link LogLevel}. Default: `SEATPAY_LOG`, else 'warn'. */
  logLevel?: LogLevel;
  /**
   * ky's `beforeRequest` and `afterResponse` hooks, run on every attempt after seatpay's own work.
   * They see the request's `Authorization` header. See {@link ClientHooks}.
   */
  hooks?: ClientHooks;
  /**
   * The longest answer body read, in bytes. Past it the request is cancelled and the call rejects
   * with {@link ResponseTooLargeError}: a service that never stops sending cannot grow the client.
   * A whole number from 1 to 2^31; an answer whose `Content-Length` is already larger is refused
   * before its body is read. @defaultValue 33554432 (32 MiB)
   */
  maxResponseBytes?: number;
  /**
   * An OpenTelemetry `Tracer`: each attempt becomes a `CLIENT` span named after its route's
   * template, current while it runs (your propagator injects `traceparent`); `purchase()`,
   * `media.upload()` and keyed checkouts an `INTERNAL` span around their attempts. Nothing is loaded
   * or traced without one. See docs/observability.md.
   *
   * @example
   * ```ts
   * import { trace } from '@opentelemetry/api';
   *
   * const client = createClient({ baseUrl, token, tracer: trace.getTracer('billing') });
   * ```
   */
  tracer?: TelemetryTracer;
  /**
   * An OpenTelemetry `Meter`: each attempt's duration is recorded in the
   * `http.client.request.duration` histogram (seconds), by method, route template, server, status
   * and `error.type`.
   *
   * @example
   * ```ts
   * import { metrics } from '@opentelemetry/api';
   *
   * const client = createClient({ baseUrl, token, meter: metrics.getMeter('billing') });
   * ```
   */
  meter?: TelemetryMeter;
}

/** The `maxResponseBytes` of a client that does not set it: 32 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * {@link ClientOptions} once the environment filled in what was left out: what the request path
 * is built from.
 * @internal
 */
export type ResolvedClientOptions = ClientOptions & { baseUrl: string | URL; token: TokenSource };

/**
 * The last argument of every method: per-call overrides of the client's options, and a signal
 * to cancel the call.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const plan = await client.plans.get('team-per-seat', {
 *   signal: controller.signal,
 *   timeout: 5_000,
 *   maxRetries: 0,
 *   headers: { 'x-trace-id': 'abc123' },
 * });
 * ```
 * @category Client
 */
export interface RequestOptions {
  /** Cancels the call: queued work, the request in flight and retry waits. */
  signal?: AbortSignal;
  /** Milliseconds per attempt for this call. */
  timeout?: number;
  /** Milliseconds for this whole call, retries and waits included; then `TimeoutError`. */
  totalTimeout?: number;
  /** Retries after the first attempt for this call. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

/**
 * Hooks for helpers (the chunked upload, a keyed call): internal, not exported; resource methods
 * pass their `RequestOptions` through, so a helper hands them on without widening a signature.
 * @internal
 */
export interface InternalRequestOptions extends RequestOptions {
  /** Wraps each send: a deadline's knows one is in flight, a keyed call's that its claim holds. */
  sending?: <A>(send: () => Promise<A>) => Promise<A>;
  /** Called before each retry wait, with the failure and the wait. */
  onRetry?: (retry: { error: unknown; retry: number; delayMs: number }) => void;
  /** Called as the file part of a multipart body goes out, where the sender can tell (`fromPath`). */
  onUploadProgress?: (sentBytes: number) => void;
  /** The caller's own signal, where a deadline's stands in for it (followed only until the answer). */
  callerSignal?: AbortSignal | undefined;
}
