import type { KyInstance } from 'ky';
import type { Platform } from '../platform/platform.js';
import { APIPromise } from './api-promise.js';
import type { Answer, AnswerMode, Call, PreparedCall } from './call.js';
import type { AuthUsed } from './errors/auth-hint.js';
import { errorOfAnswer } from './errors/error-of-answer.js';
import { RequestHeaders } from './prepare/headers.js';
import { describeBody } from './setup/describe-body.js';
import { observed, startObserving, type Observing } from './observe/observing.js';
import { UNOBSERVED, type OperationNotes } from './observe/operation-notes.js';
import { prepare, type PrepareSetup } from './prepare/prepare.js';
import { ReadAnswer } from './read/answer.js';
import { tokenFor } from './prepare/token.js';
import { withinDeadline } from './retry/deadline.js';
import { withRetries, type RetrySetup } from './retry/retry.js';
import { profileNamed, profiles, type Profile } from './routes/profiles.js';
import type { RouteTable } from './routes/routes.js';
import { KeyOwners, keyScopeOf, type KeyScope, type OwnerDigest } from './secrets/key-owner.js';
import { printAs } from './secrets/printed.js';
import { Secrets } from './secrets/secrets.js';
import { kyInstanceOf } from './send/ky-instance.js';
import { send, type SendSetup } from './send/send.js';
import { Log } from './setup/logger.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  type InternalRequestOptions,
  type ResolvedClientOptions,
} from './setup/options.js';
import { validated, type ResultSetup } from './validate/validate.js';

/**
 * The single request path of seatpay. A call goes, top to bottom (`request`, then `run`):
 * prepare (route, path, body, options) → the retry loop (p-retry and the policy) → per attempt:
 * the token and headers, one send through ky, the body read (bounded) → the typed error of a
 * non-2xx answer, or the answer whose body its {@link APIPromise} validates.
 *
 * One ky instance per client (ky's retry off, hooks open to users); what ky is given is what
 * costs it least (BENCHMARKS.md, "Per-call cost"). Users hold it as an opaque handle, made by
 * {@link createCore}, to build resources on.
 *
 * @example
 * ```ts
 * const core = createCore({ baseUrl: 'https://api.example.com', token });
 * const plans = new PlansResource(core);
 * const seats = new SeatsResource(core);
 * ```
 * @category Client
 */
export class HttpCore {
  // Private fields: a printed or cloned core (or a client, a resource) shows none of them.
  readonly #options: ResolvedClientOptions;
  readonly #log: Log;
  readonly #secrets: Secrets;
  readonly #ky: KyInstance;
  readonly #profile: Profile;
  readonly #headers: RequestHeaders;
  /** The scheme and profile of the credentials sent: a 401 says what likely went wrong. */
  readonly #auth: AuthUsed;
  readonly #prepareSetup: PrepareSetup;
  readonly #retrySetup: RetrySetup;
  readonly #sendSetup: SendSetup;
  readonly #resultSetup: ResultSetup;
  readonly #observing: Observing;
  readonly #keyOwners = new KeyOwners();

  /** @internal */
  constructor(options: ResolvedClientOptions, platform: Platform) {
    this.#options = options;
    printAs(this, 'HttpCore', () => this.describe());
    const { token } = options;
    this.#secrets = new Secrets(typeof token === 'string' ? [token] : []);
    this.#profile = profileNamed(options.profile ?? 'spec') ?? profiles.spec;
    this.#log = new Log(
      options.logger ?? globalThis.console,
      options.logLevel ?? 'warn',
      this.#secrets,
    );
    this.#headers = new RequestHeaders(options, this.#profile.authScheme);
    const scheme = options.authScheme ?? this.#profile.authScheme;
    this.#auth = { scheme, profile: this.#profile.name };
    const baseUrl = String(options.baseUrl).replace(/\/+$/, '');
    const timeoutMs = options.timeout ?? 30_000;
    this.#prepareSetup = { baseUrl, timeoutMs, secrets: this.#secrets };
    const settings = {
      baseDelay: options.retryBaseDelay ?? 500,
      maxBackoff: 8_000,
      maxRetryDelay: options.maxRetryDelay ?? 60_000,
    };
    const maxRetries = options.maxRetries ?? 2;
    this.#retrySetup = { settings, maxRetries, log: this.#log, secrets: this.#secrets };
    this.#sendSetup = {
      platform,
      secrets: this.#secrets,
      customFetch: options.fetch !== undefined,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    };
    this.#resultSetup = {
      validation: options.validate ?? 'error',
      secrets: this.#secrets,
      log: this.#log,
    };
    this.#ky = kyInstanceOf(options, this.#headers.static(platform.userAgent), timeoutMs);
    this.#observing = startObserving(options, this.#secrets, this.#log);
  }

  /** @internal */
  get log(): Log {
    return this.#log;
  }

  /** The one place that knows this client's secrets and scrubs what leaves it. @internal */
  get secrets(): Secrets {
    return this.#secrets;
  }

  /** What a client shows of itself when printed: never its token. @internal */
  describe(): { baseUrl: string; profile: string } {
    return { baseUrl: this.#prepareSetup.baseUrl, profile: this.#profile.name };
  }

  /** `JSON.stringify(core)`: its base URL and profile only. @internal */
  toJSON(): { baseUrl: string; profile: string } {
    return this.describe();
  }

  /**
   * The route table of the client's profile: resources look their routes up here, by name, and
   * so never branch on the profile.
   * @internal
   */
  get routes(): RouteTable {
    return this.#profile.routes;
  }

  /**
   * What upload progress can count: bytes where the platform's chunk sender sends chunks, chunks
   * where a custom fetch (or the runtime's) does.
   * @internal
   */
  get chunkProgress(): 'bytes' | 'chunks' {
    const { customFetch, platform } = this.#sendSetup;
    return !customFetch && platform.chunkSender ? 'bytes' : 'chunks';
  }

  /** The academy set on the client, used by media calls that do not name one. */
  get academy(): number | string | undefined {
    return this.#options.academy;
  }

  /**
   * Starts the call `build` describes at once (a throw of `build` rejects the promise before
   * anything is sent), retrying where the policy allows.
   * @internal
   */
  request<T>(build: () => Call<T>, given?: InternalRequestOptions): APIPromise<T> {
    const mode: AnswerMode = { raw: false };
    return new APIPromise(this.run(build, given, mode), mode);
  }

  /**
   * The order of every call, top to bottom. Not itself async, nor is any step before ky is called:
   * with a fixed token the request leaves within the method call, and each async step less is
   * work less on every call (BENCHMARKS.md, "Issue 19").
   */
  private run<T>(
    build: () => Call<T>,
    given: InternalRequestOptions | undefined,
    mode: AnswerMode,
  ): Promise<Answer<T>> {
    let call: PreparedCall<T>;
    try {
      call = prepare(build(), given, this.#prepareSetup);
    } catch (error) {
      return Promise.reject(error);
    }
    const retried = (prepared: PreparedCall<T>) =>
      withRetries(prepared, this.#retrySetup, (attempt) => this.attempt(prepared, attempt, mode));
    const totalTimeout = call.options.totalTimeout ?? this.#options.totalTimeout;
    // With no total deadline and no caller's signal there is nothing for a deadline to watch: the
    // common call skips it (an async step, its closures and two copies of the call, every call).
    if ((totalTimeout === undefined || totalTimeout === Infinity) && !call.options.signal)
      return retried(call);
    // One deadline over every attempt and wait: its signal replaces the caller's.
    return withinDeadline(
      totalTimeout,
      call.options,
      call,
      (deadline) => retried({ ...call, options: { ...call.options, ...deadline } }),
      this.#secrets,
    );
  }

  /** One attempt, observed (a span, a duration) when the client has a tracer or a meter. */
  private attempt<T>(call: PreparedCall<T>, attempt: number, mode: AnswerMode) {
    // A client that observes nothing makes no closures for it.
    if (this.#observing === undefined) return this.answerOf(call, attempt, mode);
    const run = () => this.answerOf(call, attempt, mode);
    return observed(this.#observing, (observer) => observer.attempt(call, attempt, run), run);
  }

  /**
   * Runs a helper's whole operation (`seatpay.purchase`, `seatpay.upload` ...) in a span of its
   * own when the client traces; `notes` let it add what it learns.
   * @internal
   */
  observe<T>(name: string, work: (notes: OperationNotes) => Promise<T>): Promise<T> {
    const untraced = () => work(UNOBSERVED);
    return observed(this.#observing, (observer) => observer.operation(name, work), untraced);
  }

  /** One attempt: token and headers, send and read, then the typed error or the answer. */
  private async answerOf<T>(
    call: PreparedCall<T>,
    attempt: number,
    mode: AnswerMode,
  ): Promise<Answer<T>> {
    const given = this.tokenFor(call);
    const token = typeof given === 'string' ? given : await given;
    const headers = this.#headers.of(call, call.options, token);
    const started = this.logSending(call, attempt);
    const setup = this.#sendSetup;
    // `sending` is a deadline's, to know when an attempt is in flight: no closure without one.
    const { sending } = call.options;
    const sent = await (sending
      ? sending(() => send(this.#ky, call, headers, mode, setup))
      : send(this.#ky, call, headers, mode, setup));
    const { text } = sent;
    const check = this.#resultSetup;
    const parse = (body: string) => validated(body, call, check);
    // Its response and request id have echoed secrets hidden in their headers once read.
    const answer = new ReadAnswer(sent.response, text, call, this.#secrets, parse);
    if (started !== undefined) this.logAnswer(call, answer.response, started, answer.requestId);
    if (!sent.response.ok)
      throw errorOfAnswer(answer.response, text, call, this.#secrets, this.#log, this.#auth);
    return answer;
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
    return tokenFor(source, call.options.signal, this.#secrets, call).then((token) => {
      this.#secrets.remember([token]);
      return token;
    });
  }

  /**
   * `error` with the secrets this client sent lately hidden in it too: for helpers whose errors
   * carry answers across several calls (a listing polled after the card went out).
   * @internal
   */
  scrub<E>(error: E): E {
    return this.#secrets.error(error);
  }

  /** What a keyed money call's journal borrows of this client (see {@link keyScopeOf}). @internal */
  keyScope(
    key: string,
    identity: string | undefined,
    timeout: number | undefined,
    digest: OwnerDigest,
  ): KeyScope {
    const timeoutMs = timeout ?? this.#prepareSetup.timeoutMs;
    const { token, totalTimeout } = this.#options;
    const client = {
      token,
      secrets: this.#secrets,
      owners: this.#keyOwners,
      timeoutMs,
      totalTimeout,
    };
    return keyScopeOf(client, key, identity, digest);
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
