import type { KyInstance } from 'ky';
import type { Platform } from '../platform/platform.js';
import type { Answer, AnswerMode, Call, PreparedCall } from './call.js';
import type { AuthUsed } from '../auth-hint.js';
import { errorOfAnswer } from './errors/error-of-answer.js';
import type { Observing } from './observe/observing.js';
import { RequestHeaders } from './prepare/headers.js';
import { prepare, type PrepareSetup } from './prepare/prepare.js';
import { ReadAnswer } from './read/answer.js';
import { tokenFor } from './prepare/token.js';
import { withinDeadline } from './retry/deadline.js';
import { withRetries, type RetrySetup } from './retry/retry.js';
import type { Secrets } from './secrets/secrets.js';
import { kyInstanceOf } from './send/ky-instance.js';
import { send, type SendSetup } from './send/send.js';
import { describeBody } from './setup/describe-body.js';
import { unreadableArguments } from '../unreadable-arguments.js';
import type { Log } from './setup/logger.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  type InternalRequestOptions,
  type ResolvedClientOptions,
} from './setup/options.js';
import type { ResultSetup } from './validate/validate.js';

/** What a client hands its engine: the parts it shares with what it does up front. */
export interface EngineSetup {
  options: ResolvedClientOptions;
  platform: Platform;
  secrets: Secrets;
  log: Log;
  observing: Observing | undefined;
  auth: AuthUsed;
  authScheme: string;
  prepareSetup: PrepareSetup;
}

/**
 * A client's calls, top to bottom: prepare (route, path, body, options) → the retry loop (p-retry
 * and the policy) → per attempt: the token and headers, one send through ky, the body read
 * (bounded) → the typed error of a non-2xx answer, or the answer whose body its APIPromise
 * validates. Made with a client's first call; loaded with the page, so that no call waits for code.
 * @internal
 */
export class CallEngine {
  readonly #options: ResolvedClientOptions;
  readonly #secrets: Secrets;
  readonly #log: Log;
  readonly #ky: KyInstance;
  readonly #headers: RequestHeaders;
  /** The scheme and profile of the credentials sent: a 401 says what likely went wrong. */
  readonly #auth: AuthUsed;
  readonly #observing: Observing | undefined;
  readonly #prepareSetup: PrepareSetup;
  readonly #retrySetup: RetrySetup;
  readonly #sendSetup: SendSetup;
  readonly #resultSetup: ResultSetup;

  constructor(setup: EngineSetup) {
    const { options, secrets, log } = setup;
    this.#options = options;
    this.#secrets = secrets;
    this.#log = log;
    this.#auth = setup.auth;
    this.#observing = setup.observing;
    this.#prepareSetup = setup.prepareSetup;
    this.#headers = new RequestHeaders(options, setup.authScheme);
    const settings = {
      baseDelay: options.retryBaseDelay ?? 500,
      maxBackoff: 8_000,
      maxRetryDelay: options.maxRetryDelay ?? 60_000,
    };
    const maxRetries = options.maxRetries ?? 2;
    this.#retrySetup = { settings, maxRetries, log, secrets };
    const headers = this.#headers.static(setup.platform.userAgent);
    this.#sendSetup = {
      platform: setup.platform,
      secrets,
      customFetch: options.fetch !== undefined,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      headersSetType: 'content-type' in headers,
    };
    const { quoteStart } = setup.platform;
    this.#resultSetup = { validation: options.validate ?? 'error', secrets, log, quoteStart };
    this.#ky = kyInstanceOf(options, headers, setup.prepareSetup.timeoutMs);
  }

  /**
   * The order of every call, top to bottom. Not itself async, nor is any step before ky is called:
   * with a fixed token the request leaves within the call, and each async step less is work less
   * on every call (BENCHMARKS.md, "Issue 19").
   */
  run<T, C>(
    build: (checks: C) => Call<T>,
    checks: C,
    given: InternalRequestOptions | undefined,
    mode: AnswerMode,
  ): Promise<Answer<T>> {
    let call: PreparedCall<T>;
    try {
      call = prepare(build(checks), given, this.#prepareSetup);
    } catch (error) {
      return Promise.reject(this.#secrets.error(unreadableArguments(error)));
    }
    const totalTimeout = call.options.totalTimeout ?? this.#options.totalTimeout;
    // No total deadline, no caller's signal: no deadline (an async step, closures, copies a call).
    if ((totalTimeout === undefined || totalTimeout === Infinity) && !call.options.signal)
      return this.retried(call, mode);
    // One deadline over every attempt and wait: its signal replaces the caller's.
    return withinDeadline(
      totalTimeout,
      call.options,
      call,
      (deadline) => {
        const { sending } = call.options; // a keyed call's own, checked before the deadline's
        const options = { ...call.options, ...deadline, callerSignal: call.options.signal };
        if (sending) options.sending = (send) => sending(() => deadline.sending(send));
        return this.retried({ ...call, options }, mode);
      },
      this.#secrets,
    );
  }

  /** The call's attempts, as many as the retry policy allows. */
  private retried<T>(call: PreparedCall<T>, mode: AnswerMode): Promise<Answer<T>> {
    return withRetries(call, this.#retrySetup, (attempt) => this.attempt(call, attempt, mode));
  }

  /** One attempt, observed (a span, a duration) when the client has a tracer or a meter. */
  private attempt<T>(call: PreparedCall<T>, attempt: number, mode: AnswerMode) {
    // A client that observes nothing makes no closures for it; a call found its observer loaded.
    const observer = this.#observing?.ready;
    if (observer === undefined) return this.answerOf(call, attempt, mode);
    return observer.attempt(call, attempt, () => this.answerOf(call, attempt, mode));
  }

  /**
   * One attempt: token and headers, then send (the attempt's one async step with a fixed token)
   * and the answer, or the typed error of a non-2xx one.
   */
  private answerOf<T>(
    call: PreparedCall<T>,
    attempt: number,
    mode: AnswerMode,
    token: string | Promise<string> = this.tokenFor(call),
  ): Promise<Answer<T>> {
    if (typeof token !== 'string')
      return token.then((got) => this.answerOf(call, attempt, mode, got));
    const headers = this.#headers.of(call, call.options, token);
    const started = this.logSending(call, attempt);
    const answer = (response: Response, text: string | undefined) => {
      // Its response and request id have echoed secrets hidden in their headers once read.
      const read = new ReadAnswer(response, text, call, this.#resultSetup);
      if (started !== undefined) this.logAnswer(call, read.response, started, read.requestId);
      if (response.ok) return read;
      const error = errorOfAnswer(read.response, text, call, this.#secrets, this.#log, this.#auth);
      if (!(error instanceof Promise)) throw error;
      return error.then((built): never => {
        throw built;
      });
    };
    const setup = this.#sendSetup;
    // `sending`: a deadline's (an attempt in flight?), a keyed call's (its claim still held?).
    const { sending } = call.options;
    return sending
      ? sending(() => send(this.#ky, call, headers, mode, setup, answer))
      : send(this.#ky, call, headers, mode, setup, answer);
  }

  /**
   * The attempt's token, remembered with the call's own secrets (a card) so that everything that
   * leaves the client hides them. A fixed token comes back as it is, with no promise to await.
   */
  private tokenFor(call: PreparedCall<unknown>): string | Promise<string> {
    if (call.secrets) this.#secrets.remember(call.secrets);
    const source = this.#options.token;
    if (typeof source === 'string') return source;
    // What a provider throws may quote the call's card or a token it handed out before.
    return tokenFor(source, call.options.signal, this.#secrets, call);
  }

  /** Logs the attempt going out; the start time when the answer will be logged too. */
  private logSending(call: PreparedCall<unknown>, attempt: number): number | undefined {
    if (this.#log.enabled('debug')) this.#log.debug('request body', describeBody(call.body));
    if (!this.#log.enabled('info')) return undefined;
    this.#log.info(`→ ${call.method} ${call.url}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
    return performance.now(); // monotonic: a clock step is no latency
  }

  private logAnswer(
    call: PreparedCall<unknown>,
    response: Response,
    started: number,
    requestId: string | null,
  ): void {
    const id = requestId === null ? '' : ` [request id ${requestId}]`;
    const ms = Math.round(performance.now() - started);
    this.#log.info(`← ${response.status} ${call.method} ${call.url} (${ms} ms)${id}`);
  }
}
