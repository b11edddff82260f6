/** Where the access token comes from: a string, or a function called before every attempt. */
export type TokenSource = string | (() => string | Promise<string>);

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Any console-like logger: `console`, pino, winston, consola ... */
export interface Logger {
  error(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  debug(message: string, ...rest: unknown[]): void;
}

/** What to do with a 2xx body that does not match its schema. */
export type ValidationMode = 'error' | 'warn' | 'off';

export interface ClientOptions {
  /** Where the service lives; SERVICE.md paths are appended to it. @example 'https://api.example.com' */
  baseUrl: string | URL;
  /** The access token, or a provider called per request (sync or async) so tokens can rotate. */
  token: TokenSource;
  /** The scheme in `Authorization: <scheme> <token>`. @defaultValue 'Bearer' */
  authScheme?: string;
  /** Send media calls to the academy endpoints with this `Academy` header. */
  academy?: number | string;
  /** Milliseconds per attempt, answer body included. @defaultValue 30000 */
  timeout?: number;
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
  /** @defaultValue 'warn' */
  logLevel?: LogLevel;
}

/** The last argument of every method. */
export interface RequestOptions {
  /** Cancels the call: queued work, the request in flight and retry waits. */
  signal?: AbortSignal;
  /** Milliseconds per attempt for this call. */
  timeout?: number;
  /** Retries after the first attempt for this call. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

/**
 * Hooks for helpers that drive many requests at once (the chunked upload). Internal: not exported
 * from the package; resource methods pass their `RequestOptions` through, so a helper can hand
 * these to a resource method without widening its public signature.
 * @internal
 */
export interface InternalRequestOptions extends RequestOptions {
  /** Called before each retry wait, with the failure and the wait. */
  onRetry?: (retry: { error: unknown; retry: number; delayMs: number }) => void;
  /**
   * How many related calls have succeeded so far. When it has grown since this call's previous
   * failure, the call's retries (and backoff) start over: a link that still moves data never
   * exhausts them (the tus rule).
   */
  relatedSuccesses?: () => number;
  /** Called as the file part of a multipart body goes out, where the runtime can tell (Node). */
  onUploadProgress?: (sentBytes: number) => void;
}
