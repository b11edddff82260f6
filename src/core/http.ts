import ky, { type KyInstance } from 'ky';
import pRetry from 'p-retry';
import type * as z from 'zod/mini';
import { VERSION } from '../version.js';
import { APIPromise, requestIdOf, type Exchange, type ExchangeMode } from './api-promise.js';
import { AbortError, SeatpayError, TimeoutError } from './errors/index.js';
import { errorFromResponse } from './errors/from-response.js';
import { kyHooksOf } from './hooks.js';
import { Log } from './logger.js';
import { MultipartBody } from './multipart.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  type InternalRequestOptions,
  type ResolvedClientOptions,
  type ValidationMode,
} from './options.js';
import { parseBody, readResult } from './read-result.js';
import { RecentSecrets, redact, redactCause, scrubText } from './redact.js';
import { scrubError } from './errors/scrub-error.js';
import { retryDelay, type RetrySettings } from './retry-policy.js';
import { profileNamed, profiles, type Profile } from './profiles.js';
import { bodyForRoute, refuseUnavailable } from './route-body.js';
import { expandPath, type Route, type RouteTable } from './routes.js';
import { sendOnce, type Answer, type Outgoing } from './send.js';
import { sleep } from './sleep.js';
import { withinDeadline } from './retry/deadline.js';
import { tokenFor } from './token.js';
import { checkRequestOptions } from './validate-input.js';

/** One call to the service, as a resource method describes it. */
export interface Call<T, R = T> {
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
  /**
   * Turns the validated 2xx body into the result whatever `validate` says (a seat change: the
   * refusals inside a 207 become an error), knowing the answer's status and the call's redaction.
   */
  settle?: (body: T, answer: SettledAnswer) => R;
  /**
   * Once the call failed for good: another way to its result (a seat change whose retry was
   * refused because a lost attempt already applied it), or undefined to reject as usual.
   */
  recover?: (error: unknown) => Promise<Exchange<R>> | undefined;
}

/** What {@link Call.settle} knows of the answer. */
export interface SettledAnswer {
  status: number;
  method: string;
  url: string;
  /** Removes the call's secrets (token, card number, CVC) from a value an error will carry. */
  redact: (value: unknown) => unknown;
}

const IN_BROWSER =
  typeof document !== 'undefined' ||
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';

/**
 * The single request path of seatpay: every call goes through one ky instance per client (ky's
 * retry off), with p-retry as the one retry loop around it; URL and auth, typed errors,
 * redaction and response validation are seatpay's.
 *
 * What ky is given is what costs it least (BENCHMARKS.md, "Per-call cost"): absolute URLs, the
 * static headers once in the instance, no hooks unless the user gave some, ky's own per-attempt
 * `timeout`, and a signal only when the caller gave one.
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
  private readonly ky: KyInstance;
  private readonly baseUrl: string;
  private readonly retry: RetrySettings;
  private readonly validation: ValidationMode;
  private readonly profile: Profile;
  /** What this client sent lately (tokens, a card): errors built later hide them too. */
  private readonly recentSecrets: RecentSecrets;

  /** @internal */
  constructor(private readonly options: ResolvedClientOptions) {
    this.recentSecrets = new RecentSecrets(
      typeof options.token === 'string' ? [options.token] : [],
    );
    this.profile = profileNamed(options.profile ?? 'spec') ?? profiles.spec;
    this.baseUrl = String(options.baseUrl).replace(/\/+$/, '');
    this.log = new Log(options.logger ?? globalThis.console, options.logLevel ?? 'warn');
    this.validation = options.validate ?? 'error';
    this.retry = {
      baseDelay: options.retryBaseDelay ?? 500,
      maxBackoff: 8_000,
      maxRetryDelay: options.maxRetryDelay ?? 60_000,
    };
    const hooks = kyHooksOf(options.hooks);
    this.ky = ky.create({
      retry: 0, // p-retry is the one retry loop; ky's would also clone every request body
      throwHttpErrors: false, // statuses are judged here, into typed errors
      // `redirect: 'error'` keeps the token on baseUrl's origin; `window: null` stops Node's fetch
      // from cloning (and so buffering) every request body (upload-anchors.md §4).
      redirect: 'error',
      window: null,
      timeout: options.timeout ?? 30_000,
      headers: this.staticHeaders(),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(hooks ? { hooks } : {}),
    });
  }

  /**
   * The route table of the client's profile: resources look their routes up here, by name, and
   * so never branch on the profile.
   * @internal
   */
  get routes(): RouteTable {
    return this.profile.routes;
  }

  /** The academy set on the client, used by media calls that do not name one. */
  get academy(): number | string | undefined {
    return this.options.academy;
  }

  /**
   * Starts `call` at once (its arguments built by `build`, whose throw rejects the promise before
   * anything is sent), retrying where the policy allows.
   * @internal
   */
  request<T, R = T>(build: () => Call<T, R>, given?: InternalRequestOptions): APIPromise<R> {
    const mode: ExchangeMode = { raw: false };
    return new APIPromise(this.recovering(build, given, mode), mode);
  }

  /** The exchange, or the call's own way to its result once it failed for good. */
  private async recovering<T, R>(
    build: () => Call<T, R>,
    given: InternalRequestOptions | undefined,
    mode: ExchangeMode,
  ): Promise<Exchange<R>> {
    let call: Call<T, R> | undefined;
    try {
      return await this.exchange(() => (call = build()), given, mode);
    } catch (error) {
      const recovered = call?.recover?.(error);
      if (recovered) return recovered;
      throw error;
    }
  }

  private async exchange<T, R>(
    build: () => Call<T, R>,
    given: InternalRequestOptions | undefined,
    mode: ExchangeMode,
  ): Promise<Exchange<R>> {
    const call = routed(build());
    // A wrong signal, timeout or header is a bad argument: rejected before anything is sent.
    const options = checkRequestOptions(given);
    const url =
      this.baseUrl + (call.params ? expandPath(call.route.path, call.params) : call.route.path);
    const { signal } = options;
    if (signal?.aborted)
      throw new AbortError(undefined, {
        cause: redactCause(signal.reason, this.recentSecrets.list),
      });
    const timeoutMs = options.timeout ?? this.options.timeout ?? 30_000;
    if (timeoutMs === 0) {
      // No time at all: nothing is sent (ky would still start the request), nothing retried.
      throw new TimeoutError(`No answer from ${call.route.method} ${url} within 0 ms`, {
        mayHaveBeenProcessed: false,
        method: call.route.method,
        url,
      });
    }
    const totalTimeout = options.totalTimeout ?? this.options.totalTimeout;
    const named = { method: call.route.method, url };
    return withinDeadline(totalTimeout, options, named, (deadline) =>
      this.withRetries(call, url, { ...options, ...deadline }, mode),
    );
  }

  /** Sends `call` until it succeeds or the retry policy gives up: at most maxRetries + 1 attempts. */
  private async withRetries<T, R>(
    call: Call<T, R>,
    url: string,
    options: InternalRequestOptions,
    mode: ExchangeMode,
  ): Promise<Exchange<R>> {
    const maxRetries = Math.floor(options.maxRetries ?? this.options.maxRetries ?? 2);
    try {
      // The first attempt goes alone: entering p-retry costs about 5 % of a call's CPU
      // (BENCHMARKS.md, "Per-call cost"), and most calls succeed at once.
      return await this.attempt(call, url, options, 1, mode);
    } catch (first) {
      if (maxRetries < 1 || !(await this.waitBeforeRetry(call.route, first, 1, options))) {
        throw first;
      }
    }
    try {
      // Attempts 2 to maxRetries + 1. p-retry 9 has no per-attempt delay, and Retry-After must
      // replace the backoff: the wait is retryDelay's, taken in shouldRetry (minTimeout 0).
      return await pRetry((n) => this.attempt(call, url, options, n + 1, mode), {
        retries: maxRetries - 1,
        minTimeout: 0,
        // No `signal` for p-retry: it would throw away an answer that came just before the
        // signal fired. Each attempt and each wait is abortable on its own.
        shouldRetry: ({ error, attemptNumber }) =>
          this.waitBeforeRetry(call.route, error, attemptNumber + 1, options),
      });
    } catch (error) {
      if (error instanceof SeatpayError) throw error;
      const cause = redactCause(error, this.recentSecrets.list);
      if (options.signal?.aborted) throw new AbortError(undefined, { cause });
      // Nothing foreign leaves a call (p-retry's own TypeError for a thrown non-Error, say).
      throw new SeatpayError(`${call.route.method} ${url} failed unexpectedly`, { cause });
    }
  }

  /**
   * `error` with the secrets this client sent lately hidden in it too: for helpers whose errors
   * carry answers across several calls (a listing polled after the card went out).
   * @internal
   */
  scrub<E>(error: E): E {
    return scrubError(error, this.recentSecrets.list);
  }

  /** Whether to send `route` again after `error`: waits the policy's delay first when it says yes. */
  private async waitBeforeRetry(
    route: Route,
    error: unknown,
    retry: number,
    options: InternalRequestOptions,
  ): Promise<boolean> {
    const delay = retryDelay(route, error, retry, this.retry);
    if (delay === undefined) return false;
    options.onRetry?.({ error, retry, delayMs: delay });
    this.log.warn(
      `${route.method} ${route.path} failed (${(error as Error).message}); retry ${retry} in ${delay} ms`,
    );
    await sleep(delay, options.signal);
    return true;
  }

  private async attempt<T, R>(
    call: Call<T, R>,
    url: string,
    options: InternalRequestOptions,
    attempt: number,
    mode: ExchangeMode,
  ): Promise<Exchange<R>> {
    const source = this.options.token;
    // A fixed token needs no await: one microtask less on every call. What a provider throws
    // may quote the call's card or a token it handed out before.
    const token =
      typeof source === 'string'
        ? source
        : await tokenFor(source, options.signal, [
            ...(call.secrets ?? []),
            ...this.recentSecrets.list,
          ]);
    const sent = call.secrets ? [token, ...call.secrets] : [token];
    this.recentSecrets.remember(sent);
    // An answer can echo what an earlier call sent (the card, before paying): hidden as well.
    const secrets = [...sent, ...this.recentSecrets.list];
    const method = call.route.method;
    const logsInfo = this.log.enabled('info');
    if (logsInfo) this.log.info(`→ ${method} ${url}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
    if (this.log.enabled('debug')) this.log.debug('request body', describeBody(call.body), secrets);

    const started = logsInfo ? performance.now() : 0; // monotonic: a clock step is no latency
    const send = () => sendOnce(this.ky, this.outgoing(call, url, options, token), mode, secrets);
    const answer = await (options.sending ? options.sending(send) : send());
    const { response } = answer;
    if (logsInfo) {
      const requestId = requestIdOf(response.headers);
      const id = requestId === null ? '' : ` [request id ${requestId}]`;
      this.log.info(
        `← ${response.status} ${method} ${url} (${Math.round(performance.now() - started)} ms)${id}`,
      );
    }
    if (!response.ok) throw this.apiError(answer, method, url, secrets);
    const check = { schema: call.response, validation: this.validation, method, url, secrets };
    const settled = {
      status: response.status,
      method,
      url,
      redact: (v: unknown) => redact(v, secrets),
    };
    return {
      response,
      text: answer.text,
      parse: (text) => {
        const body = readResult(text, check, this.log);
        return call.settle ? call.settle(body, settled) : (body as unknown as R);
      },
    };
  }

  /** One attempt of `call` as the HTTP layer sends it. */
  private outgoing<T, R>(
    call: Call<T, R>,
    url: string,
    options: InternalRequestOptions,
    token: string,
  ): Outgoing {
    return {
      method: call.route.method,
      url,
      headers: this.headersFor(call, options, token),
      body: call.body,
      timeoutMs: options.timeout ?? this.options.timeout ?? 30_000,
      ownTimeout: options.timeout !== undefined,
      signal: options.signal,
      onUploadProgress: options.onUploadProgress,
      customFetch: this.options.fetch !== undefined,
      maxResponseBytes: this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      spendsMoney: call.route.replay === 'unprocessed-only',
    };
  }

  private apiError({ response, text }: Answer, method: string, url: string, secrets: string[]) {
    const body = redact(parseBody(text ?? ''), secrets);
    if (this.log.enabled('debug')) this.log.debug('error body', body, secrets);
    // Headers and status text can echo the request (`x-echo-auth`): redacted like the body.
    const headers = redact(Object.fromEntries(response.headers), secrets) as Record<string, string>;
    const statusText = scrubText(response.statusText, secrets);
    return errorFromResponse({ status: response.status, headers, statusText, method, url, body });
  }

  /** The headers every request carries, built once: ky sends them unless a call overrides one. */
  private staticHeaders(): Record<string, string> {
    const { token, headers } = this.options;
    return {
      accept: 'application/json',
      ...(IN_BROWSER ? {} : { 'user-agent': `seatpay/${VERSION}` }),
      ...lowerKeys(headers ?? {}),
      ...(typeof token === 'string' ? { authorization: this.authorization(token) } : {}),
    };
  }

  /** The headers a call adds to the static ones; none for the common call with a fixed token. */
  private headersFor(
    call: Pick<Call<unknown>, 'academy'>,
    options: InternalRequestOptions,
    token: string,
  ): Record<string, string> | undefined {
    const fixedToken = typeof this.options.token === 'string';
    if (fixedToken && call.academy === undefined && !options.headers) return undefined;
    const headers: Record<string, string> = fixedToken
      ? {}
      : { authorization: this.authorization(token) };
    if (call.academy !== undefined) headers.academy = String(call.academy);
    return options.headers ? { ...headers, ...lowerKeys(options.headers) } : headers;
  }

  private authorization(token: string): string {
    return `${this.options.authScheme ?? this.profile.authScheme} ${token}`;
  }
}

/**
 * The call as its route (from the client's profile) sends it: refused at once when the server
 * lacks the route, its body given the route's fixed and JSON-encoded fields.
 */
function routed<T, R>(call: Call<T, R>): Call<T, R> {
  refuseUnavailable(call.route);
  const body = bodyForRoute(call.route, call.body);
  return body === call.body ? call : { ...call, body };
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

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]),
  );
}
