import type { Platform } from '../platform/platform.js';
import { APIPromise } from './api-promise.js';
import type { Answer, AnswerMode, Call } from './call.js';
import { CallEngine } from './call-engine.js';
import { startObserving, type Observing } from './observe/observing.js';
import { UNOBSERVED, type OperationNotes } from './observe/operation-notes.js';
import type { PrepareSetup } from './prepare/prepare.js';
import { profileNamed, profiles, type Profile } from './routes/profiles.js';
import type { RouteTable } from './routes/routes.js';
import { printAs } from './secrets/printed.js';
import { Secrets } from './secrets/secrets.js';
import { SeatpayError } from './errors/seatpay-error.js';
import { Log } from './setup/logger.js';
import type { InternalRequestOptions, ResolvedClientOptions } from './setup/options.js';

/**
 * The single request path of seatpay. A call goes, top to bottom (`request`, then the client's
 * engine, core/call-engine.ts): prepare (route, path, body, options) → the retry loop (p-retry and
 * the policy) → per attempt: the token and headers, one send through ky, the body read (bounded)
 * → the typed error of a non-2xx answer, or the answer whose body its {@link APIPromise}
 * validates. The engine and every family's schemas load with the page (a static import): a first
 * call waits for no code, and its request leaves within the method call (BENCHMARKS.md, "Issue 36").
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
  readonly #platform: Platform;
  readonly #log: Log;
  readonly #secrets: Secrets;
  readonly #profile: Profile;
  readonly #prepareSetup: PrepareSetup;
  readonly #observing: Observing | undefined;
  /** The request path, made with the client's first call (its ky instance, its headers). */
  #engine: CallEngine | undefined;

  /** @internal */
  constructor(options: ResolvedClientOptions, platform: Platform) {
    this.#options = options;
    this.#platform = platform;
    printAs(this, 'HttpCore', () => this.describe());
    const { token } = options;
    this.#secrets = new Secrets(typeof token === 'string' ? [token] : []);
    this.#profile = profileNamed(options.profile ?? 'spec') ?? profiles.spec;
    this.#log = new Log(
      options.logger ?? globalThis.console,
      options.logLevel ?? 'warn',
      this.#secrets,
    );
    const baseUrl = String(options.baseUrl).replace(/\/+$/, '');
    const timeoutMs = options.timeout ?? 30_000;
    this.#prepareSetup = { baseUrl, timeoutMs, secrets: this.#secrets };
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
    return this.#options.fetch === undefined && this.#platform.chunkSender ? 'bytes' : 'chunks';
  }

  /** The academy set on the client, used by media calls that do not name one. */
  get academy(): number | string | undefined {
    return this.#options.academy;
  }

  /** The client's `totalTimeout`, for helpers that bound their own waits by it. @internal */
  get totalTimeout(): number | undefined {
    return this.#options.totalTimeout;
  }

  /**
   * Starts the call `build` describes (a throw of `build` rejects the promise before anything is
   * sent), retrying where the policy allows. `build` gets the family's checks (its schemas).
   * @internal
   */
  request<T, C>(
    checks: C,
    build: (checks: C) => Call<T>,
    given?: InternalRequestOptions,
  ): APIPromise<T> {
    const mode: AnswerMode = { raw: false };
    const observing = this.#observing;
    let answer: Promise<Answer<T>>;
    try {
      const engine = (this.#engine ??= this.engine());
      // A client that traces waits for its observer's chunk on its first call (a client that
      // does not trace never loads it); every other call starts at once.
      answer =
        !observing || observing.ready
          ? engine.run(build, checks, given, mode)
          : this.observerLoaded(observing, given).then(() =>
              engine.run(build, checks, given, mode),
            );
    } catch (error) {
      answer = Promise.reject(this.#secrets.error(error));
    }
    return new APIPromise(answer, mode);
  }

  /**
   * A tracing client's first wait for its observer, ended like every other wait by the call's
   * signal and within its timeout: nothing has been sent yet either way. A wait its signal ended
   * is the call's own to report, as untraced (the caller's AbortSignal.timeout: a TimeoutError).
   */
  private observerLoaded(observing: Observing, given: InternalRequestOptions | undefined) {
    const own = given?.timeout;
    const ms = typeof own === 'number' && own > 0 ? own : this.#prepareSetup.timeoutMs;
    return observing.load({ signal: given?.signal, ms }).catch((error: unknown) => {
      if (!given?.signal?.aborted) throw error;
    });
  }

  /** The client's engine, made on its first call: a client that never calls makes none. */
  private engine(): CallEngine {
    const options = this.#options;
    return new CallEngine({
      options,
      platform: this.#platform,
      secrets: this.#secrets,
      log: this.#log,
      observing: this.#observing,
      auth: { scheme: options.authScheme ?? this.#profile.authScheme, profile: this.#profile.name },
      authScheme: this.#profile.authScheme,
      prepareSetup: this.#prepareSetup,
    });
  }

  /**
   * Runs a helper's whole operation (`seatpay.purchase`, `seatpay.upload` ...) in a span of its
   * own when the client traces; `notes` let it add what it learns. The observer is waited for
   * within `wait`, the bound of the helper's own chunk.
   * @internal
   */
  observe<T>(
    name: string,
    work: (notes: OperationNotes) => Promise<T>,
    wait: { signal?: unknown; ms?: number } = {},
  ): Promise<T> {
    const observing = this.#observing;
    if (!observing) return work(UNOBSERVED);
    return observing.load(wait).then((observer) => observer.operation(name, work));
  }

  /**
   * `error` with the secrets this client sent lately hidden in it too: for helpers whose errors
   * carry answers across several calls (a listing polled after the card went out). Anything else a
   * helper let through (what a callback threw: a string, null, a Proxy) is a SeatpayError's cause.
   * @internal
   */
  scrub(error: unknown): SeatpayError {
    const typed =
      error instanceof SeatpayError
        ? error
        : new SeatpayError('A callback threw (see cause)', { cause: error });
    return this.#secrets.error(typed);
  }

  /**
   * What a keyed money call borrows of this client: its token, its secrets, the call's per-attempt
   * timeout (src/keys/key-scope.ts makes a journal's scope of it).
   * @internal
   */
  keyLoan(timeout: number | undefined) {
    const timeoutMs = timeout ?? this.#prepareSetup.timeoutMs;
    return { token: this.#options.token, secrets: this.#secrets, timeoutMs };
  }
}
