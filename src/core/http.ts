import pRetry from 'p-retry';
import type * as z from 'zod/mini';
import { VERSION } from '../version.js';
import { neverReachedService } from './connection-failure.js';
import {
  AbortError,
  ConnectionError,
  ResponseValidationError,
  SeatpayError,
  TimeoutError,
  type ValidationIssue,
} from './errors/index.js';
import { errorFromResponse } from './errors/from-response.js';
import { Log } from './logger.js';
import { plainCheckOf } from './plain-check.js';
import { MultipartBody, sendWithOf } from './multipart.js';
import type { InternalRequestOptions, ResolvedClientOptions, ValidationMode } from './options.js';
import { redact, scrubText } from './redact.js';
import { RetryBudget, retryDelay, type RetrySettings } from './retry-policy.js';
import { expandPath, type Route } from './routes.js';
import { sleep } from './sleep.js';
import { checkRequestOptions, toIssues } from './validate-input.js';

/** One call to the service, as a resource method describes it. */
export interface Call<T> {
  route: Route;
  params?: Record<string, string | number>;
  /** A JSON-serializable body, or a FormData or {@link MultipartBody} for multipart. */
  body?: unknown;
  /** The schema of a 2xx body, or `'empty'` for answers with nothing to read. */
  response: z.ZodMiniType<T> | 'empty';
  /** Sends the `Academy` header. */
  academy?: number | string | undefined;
  /** Values sent in this call that must never show up in errors or logs (card number, CVC). */
  secrets?: string[];
}

/** The answer of one attempt, before it is judged. */
interface Answer {
  status: number;
  statusText: string;
  /** Turned into a plain object only for an error: most answers never need it. */
  headers: Headers;
  text: string;
}

const IN_BROWSER =
  typeof document !== 'undefined' ||
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';

/**
 * Node's fetch streams a request body with the `Content-Length` we give it. Browsers need HTTP/2
 * for a streamed body and forbid that header, so they get a FormData instead.
 */
const STREAMS_REQUEST_BODIES = /^Node\.js\//.test(globalThis.navigator?.userAgent ?? '');

/**
 * `redirect: 'error'` keeps the token on baseUrl's origin, and with `window: null` it also stops
 * Node's fetch from cloning (and so buffering) every request body (upload-anchors.md §4).
 */
const FETCH_DEFAULTS = { redirect: 'error', window: null } as const;

/**
 * The single request path of seatpay: URL, headers and auth, per-attempt timeout, retries (p-retry
 * is the only retry layer), response parsing, validation and typed errors.
 *
 * It calls `fetch` directly and does the least it can per call, because a client's own work is
 * what users pay on every call (BENCHMARKS.md, "Per-call cost"): headers are built once per client,
 * answer headers are copied only for errors, log lines are only formatted when logged, and p-retry
 * is entered only once a first attempt has failed.
 *
 * Users hold it as an opaque handle, made by {@link createCore}, to build resources on.
 *
 * @example
 * ```ts
 * const core = createCore({ baseUrl: 'https://api.example.com', token });
 * const plans = new PlansResource(core);
 * const seats = new SeatsResource(core);
 * ```
 */
export class HttpCore {
  /** @internal */
  readonly log: Log;
  private readonly fetch: typeof globalThis.fetch;
  private readonly baseUrl: string;
  /** Every header but auth and the body's, lower-cased. */
  private readonly staticHeaders: Record<string, string>;
  /** {@link staticHeaders} with the authorization of a fixed token: a GET's whole header set. */
  private readonly fixedTokenHeaders: Record<string, string> | undefined;
  private readonly retry: RetrySettings;
  private readonly validation: ValidationMode;

  constructor(private readonly options: ResolvedClientOptions) {
    this.baseUrl = String(options.baseUrl).replace(/\/+$/, '');
    this.log = new Log(options.logger ?? globalThis.console, options.logLevel ?? 'warn');
    this.validation = options.validate ?? 'error';
    this.retry = {
      baseDelay: options.retryBaseDelay ?? 500,
      maxBackoff: 8_000,
      maxRetryDelay: options.maxRetryDelay ?? 60_000,
    };
    this.staticHeaders = {
      accept: 'application/json',
      ...(IN_BROWSER ? {} : { 'user-agent': `seatpay/${VERSION}` }),
      ...lowerKeys(options.headers ?? {}),
    };
    this.fixedTokenHeaders =
      typeof options.token === 'string'
        ? { ...this.staticHeaders, authorization: this.authorization(options.token) }
        : undefined;
    // Read at call time when not given: a test double or polyfill installed later still counts.
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** The academy set on the client, used by media calls that do not name one. */
  get academy(): number | string | undefined {
    return this.options.academy;
  }

  /**
   * Sends `call`, retrying where the policy allows, and resolves to the validated body.
   * @internal
   */
  async request<T>(call: Call<T>, given?: InternalRequestOptions): Promise<T> {
    // A wrong signal, timeout or header is a bad argument: rejected before anything is sent.
    const options = checkRequestOptions(given);
    const url =
      this.baseUrl + (call.params ? expandPath(call.route.path, call.params) : call.route.path);
    const { signal } = options;
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
    try {
      return await this.attempt(call, url, options, 1);
    } catch (firstError) {
      return await this.retryAfter(firstError, call, url, options);
    }
  }

  /**
   * After a failed first attempt: p-retry sends the next ones while the retry policy and budget
   * allow, and the last failure is what the caller gets.
   */
  private async retryAfter<T>(
    firstError: unknown,
    call: Call<T>,
    url: string,
    options: InternalRequestOptions,
  ): Promise<T> {
    const { signal } = options;
    const budget = new RetryBudget(
      options.maxRetries ?? this.options.maxRetries ?? 2,
      options.relatedSuccesses,
    );
    const shouldRetry = async (error: unknown): Promise<boolean> => {
      const retry = budget.next();
      if (retry === undefined) return false;
      const delay = retryDelay(call.route, error, retry, this.retry);
      if (delay === undefined) return false;
      budget.take();
      options.onRetry?.({ error, retry, delayMs: delay });
      this.log.warn(
        `${call.route.method} ${call.route.path} failed (${(error as Error).message}); retry ${retry} in ${delay} ms`,
      );
      await sleep(delay, signal);
      return true;
    };
    try {
      if (!(await shouldRetry(firstError))) throw firstError;
      return await pRetry((attempt) => this.attempt(call, url, options, attempt + 1), {
        retries: Number.POSITIVE_INFINITY, // the budget counts: it can start over (RetryBudget)
        minTimeout: 0, // the wait is ours: backoff or Retry-After, in shouldRetry
        ...(signal ? { signal } : {}),
        shouldRetry: ({ error }) => shouldRetry(error),
      });
    } catch (error) {
      if (error instanceof SeatpayError) throw error;
      if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
      throw error;
    }
  }

  private async attempt<T>(
    call: Call<T>,
    url: string,
    options: InternalRequestOptions,
    attempt: number,
  ): Promise<T> {
    const source = this.options.token;
    // Raced with the signal: a token provider that hangs must not hold an aborted call.
    const token =
      typeof source === 'string'
        ? source
        : await untilAborted(resolveToken(source), options.signal);
    const secrets = call.secrets ? [token, ...call.secrets] : [token];
    const method = call.route.method;
    const logsInfo = this.log.enabled('info');
    if (logsInfo) this.log.info(`→ ${method} ${url}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
    if (this.log.enabled('debug')) this.log.debug('request body', describeBody(call.body), secrets);

    const started = logsInfo ? Date.now() : 0;
    const answer = await this.send(call, url, options, token, secrets);
    if (logsInfo) this.log.info(`← ${answer.status} ${method} ${url} (${Date.now() - started} ms)`);

    if (answer.status < 200 || answer.status >= 300) {
      const body = redact(parseBody(answer.text), secrets);
      if (this.log.enabled('debug')) this.log.debug('error body', body, secrets);
      // Headers and status text can echo the request (`x-echo-auth`): redacted like the body.
      const headers = redact(Object.fromEntries(answer.headers), secrets) as Record<string, string>;
      const statusText = scrubText(answer.statusText, secrets);
      throw errorFromResponse({
        status: answer.status,
        headers,
        statusText,
        method,
        url,
        body,
      });
    }
    return this.readResult(call, answer, url, secrets);
  }

  /** One HTTP exchange within the attempt's timeout; the body is read inside the same timeout. */
  private async send<T>(
    call: Call<T>,
    url: string,
    options: InternalRequestOptions,
    token: string,
    secrets: string[],
  ): Promise<Answer> {
    const timeoutMs = options.timeout ?? this.options.timeout ?? 30_000;
    // A controller and a timer we clear, not AbortSignal.timeout: that one leaves a timer behind
    // per call, keeps a caller's long-lived signal growing until it fires, and wants an integer.
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(), timeoutMs);
    const timeout = timer.signal;
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const method = call.route.method;
    let gotHeaders = false;
    try {
      const body = encodeBody(call.body, options.onUploadProgress); // fresh per attempt: streams are read once
      const send = this.sendWithFor(call.body) ?? this.fetch;
      const response = await send(url, {
        method,
        headers: this.headersFor(call, options, token, body.headers),
        body: body.body,
        signal,
        ...FETCH_DEFAULTS,
        ...(body.body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
      gotHeaders = true;
      const text = await response.text();
      return {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        text,
      };
    } catch (error) {
      if (options.signal?.aborted)
        throw new AbortError(undefined, { cause: options.signal.reason });
      const mayHaveBeenProcessed = gotHeaders || !neverReachedService(error);
      const details = { mayHaveBeenProcessed, method, url, cause: redactCause(error, secrets) };
      if (timeout.aborted)
        throw new TimeoutError(`No answer from ${method} ${url} within ${timeoutMs} ms`, details);
      throw new ConnectionError(
        // fetch quotes an invalid header value, the Authorization header included.
        `Connection failed for ${method} ${url}: ${scrubText(describeCause(error), secrets)}`,
        details,
      );
    } finally {
      clearTimeout(handle);
    }
  }

  /**
   * The lower layer for a streamed multipart body whose file carries one (`fromPath`'s node:http
   * sender); a `fetch` given to the client always wins.
   */
  private sendWithFor(body: unknown): typeof fetch | undefined {
    if (this.options.fetch || !STREAMS_REQUEST_BODIES || !(body instanceof MultipartBody)) {
      return undefined;
    }
    return sendWithOf(body.file.data);
  }

  private authorization(token: string): string {
    return `${this.options.authScheme ?? 'Bearer'} ${token}`;
  }

  private headersFor(
    call: Call<unknown>,
    options: InternalRequestOptions,
    token: string,
    bodyHeaders: Record<string, string> | undefined,
  ): Record<string, string> {
    // The common case (a GET with a fixed token): the headers built once, shared by every call.
    if (this.fixedTokenHeaders && !bodyHeaders && call.academy === undefined && !options.headers) {
      return this.fixedTokenHeaders;
    }
    const headers: Record<string, string> = {
      ...this.staticHeaders,
      authorization: this.authorization(token),
      ...bodyHeaders,
    };
    if (call.academy !== undefined) headers.academy = String(call.academy);
    return options.headers ? { ...headers, ...lowerKeys(options.headers) } : headers;
  }

  private readResult<T>(call: Call<T>, answer: Answer, url: string, secrets: string[]): T {
    if (call.response === 'empty') return undefined as T;
    const method = call.route.method;
    const parsed = parseJson(answer.text);
    if (!parsed.ok) {
      // Redact before cutting: a secret across the cut would leave its first characters.
      const body = (redact(answer.text, secrets) as string).slice(0, 500);
      throw new ResponseValidationError({
        issues: [{ path: [], message: 'the body is not JSON' }],
        body,
        method,
        url,
      });
    }
    if (this.validation === 'off') return parsed.value as T;
    // Most listings are valid: a plain check answers for them without zod copying each object.
    if (plainCheckOf(call.response)?.(parsed.value)) return parsed.value as T;
    const result = call.response.safeParse(parsed.value);
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
    if (this.validation === 'error') throw failure;
    this.log.warn(failure.message);
    return parsed.value as T;
  }
}

/** A token from a provider, checked: fetch's error for a bad header value would quote it. */
async function resolveToken(provider: () => string | Promise<string>): Promise<string> {
  const token = await provider();
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token)) {
    throw new SeatpayError(
      'The token provider returned no usable token (visible ASCII characters, no spaces)',
    );
  }
  return token;
}

/** Settles as `promise` does, or rejects with {@link AbortError} as soon as `signal` fires. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new AbortError(undefined, { cause: signal.reason }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError(undefined, { cause: signal.reason }));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** What fetch sends for a call's body, and the headers that describe it. */
function encodeBody(
  body: unknown,
  onFileBytes?: (sentBytes: number) => void,
): { body: BodyInit | undefined; headers?: Record<string, string> } {
  if (body === undefined) return { body: undefined };
  if (body instanceof FormData) return { body };
  if (body instanceof MultipartBody) {
    if (!STREAMS_REQUEST_BODIES) return { body: body.toFormData() };
    const headers = { 'content-type': body.contentType, 'content-length': String(body.length) };
    return { body: body.stream(onFileBytes), headers };
  }
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

function describeBody(body: unknown): unknown {
  if (body instanceof MultipartBody) return body.describe();
  if (body instanceof FormData) {
    return Object.fromEntries(
      [...body.entries()].map(([key, value]) => [
        key,
        typeof value === 'string' ? value : `[${value.size} bytes]`,
      ]),
    );
  }
  return body;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** An error body as JSON when it is JSON, else as text (an HTML page), else undefined. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]),
  );
}

/** The lowest-level message of a fetch failure ("connect ECONNREFUSED 127.0.0.1:4010", "other side closed"). */
function describeCause(error: unknown): string {
  let current = error as { message?: string; cause?: unknown } | undefined;
  let message = 'network error';
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current.message === 'string' && current.message) message = current.message;
    current = current.cause as typeof current;
  }
  return message;
}

/** A fetch failure can carry the request (and so the Authorization header): keep only its cause chain's message and code. */
function redactCause(inner: unknown, secrets: string[]): unknown {
  if (inner instanceof Error) {
    const safe = new Error(redact(inner.message, secrets) as string);
    safe.name = inner.name;
    const code =
      (inner as { code?: unknown }).code ?? (inner.cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') (safe as Error & { code: string }).code = code;
    return safe;
  }
  return undefined;
}
