import type { Answer, AnswerMode } from './call.js';
import { answerWith } from './read/answer.js';
import { bodySettled } from '../large-text/validation-body.js';
import { resultOf } from '../answer-result.js';

/**
 * What a resource method resolves to through {@link APIPromise.withResponse}: the validated
 * result, the `Response` it was read from (its body already read), and the service's request id.
 *
 * @example
 * ```ts
 * const { data, response, requestId }: WithResponse<Plan> = await client.plans
 *   .get('team-per-seat')
 *   .withResponse();
 * console.log(data.slug, response.status, requestId);
 * ```
 * @category Client
 */
export interface WithResponse<T> {
  /** The validated result, as awaiting the {@link APIPromise} gives it. */
  data: T;
  /** The answer the result was read from; its body has been read. */
  response: Response;
  /** The answer's `x-request-id` (or `request-id`) header, or null when it had none. */
  requestId: string | null;
}

/**
 * What every resource method returns: a `Promise` of the validated result, plus the raw answer on
 * demand. The request starts when the method is called, awaited or not.
 *
 * - `await` gives the validated result.
 * - {@link APIPromise.withResponse | withResponse()} gives `{ data, response, requestId }`.
 * - {@link APIPromise.asResponse | asResponse()} gives the raw `Response`, body unread and not
 *   validated.
 *
 * @example
 * ```ts
 * const plan = await client.plans.get('team-per-seat');
 * const { data, requestId } = await client.plans.get('team-per-seat').withResponse();
 * const raw = await client.plans.get('team-per-seat').asResponse();
 * console.log(raw.status, raw.headers.get('content-type'));
 * ```
 * @category Client
 */
export class APIPromise<T> extends Promise<T> {
  readonly #answer: Promise<Answer<T>>;
  readonly #mode: AnswerMode;
  #data: Promise<T> | undefined;

  /** Made by the request path; users get one from every resource method. @internal */
  constructor(answer: Promise<Answer<T>>, mode: AnswerMode) {
    // The base promise is never used: then/catch/finally read the answer, so that only the
    // result that is asked for (data or raw answer) is produced.
    super(settleUnused);
    this.#answer = answer;
    this.#mode = mode;
  }

  /** Derived promises (`then`, `Promise.all`) are plain ones. */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /**
   * The raw answer: the `Response` with its body unread and not validated.
   *
   * Retries and typed errors cover everything up to the answer's headers, as for `await`: a
   * non-2xx answer still rejects with its `APIError` once the retry policy gives up. The body is
   * then yours to read, outside seatpay's timeout and retries (your `signal` still cancels it).
   * Use it instead of awaiting the promise, not with it: awaiting after reading the body rejects.
   *
   * @example
   * ```ts
   * const response = await client.subscriptions.list().asResponse();
   * const bytes = await response.arrayBuffer(); // stored as received, say
   * ```
   */
  asResponse(): Promise<Response> {
    this.#mode.raw = true;
    return this.#answer.then(({ response, text }) =>
      // Asked after the body was read: the same answer, with a fresh body to read.
      text === undefined ? response : new Response(text || null, response),
    );
  }

  /**
   * The validated result, the `Response` it was read from, and the service's request id.
   *
   * @example
   * ```ts
   * const { data, response, requestId } = await client.plans.get('team-per-seat').withResponse();
   * console.log(data.slug, response.headers.get('date'), requestId);
   * ```
   */
  async withResponse(): Promise<WithResponse<T>> {
    const data = await this.#result();
    const { response, requestId } = await this.#answer;
    return { data, response, requestId };
  }

  /**
   * Settles with the validated result (or the call's typed error): what `await` does.
   *
   * @example
   * ```ts
   * client.plans.get('team-per-seat').then((plan) => console.log(plan.slug));
   * ```
   */
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result().then(onfulfilled, onrejected);
  }

  /**
   * Handles the call's typed error, as on any promise.
   *
   * @example
   * ```ts
   * const plan = await client.plans.get('maybe').catch((error) => {
   *   if (error instanceof NotFoundError) return undefined;
   *   throw error;
   * });
   * ```
   */
  override catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<T | R> {
    return this.#result().catch(onrejected);
  }

  /**
   * Runs `onfinally` once the result is settled, as on any promise.
   *
   * @example
   * ```ts
   * await client.subscriptions.list().finally(() => spinner.stop());
   * ```
   */
  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#result().finally(onfinally);
  }

  /**
   * This call with its result post-processed by `transform` (given the validated body and the
   * answer it came from): how a resource adds its own reading of a result (a seat change's
   * refusals) without the request path knowing. `asResponse()` still gives the raw answer.
   * @internal
   */
  _thenUnwrap<U>(transform: (data: T, answer: Omit<Answer<T>, 'parse'>) => U): APIPromise<U> {
    const answer = this.#answer.then((got) =>
      answerWith(got, async (body: string) => transform(await got.parse(body), got)),
    );
    return new APIPromise(answer, this.#mode);
  }

  /**
   * This call, with another way to its result once it failed for good: `recover` gives that
   * answer, or undefined to reject as usual (a seat change whose retry was refused because a lost
   * attempt already applied it).
   * @internal
   */
  _recover(recover: (error: unknown) => Promise<Answer<T>> | undefined): APIPromise<T> {
    const answer = this.#answer.catch((error: unknown) => recover(error) ?? Promise.reject(error));
    return new APIPromise(answer, this.#mode);
  }

  /**
   * This call with its body parsed as part of its answer, so that a 2xx answer its parse refuses
   * (a seat change's 207 refusals) fails the answer, where `_recover` sees it. A raw call
   * (`asResponse()`) is left unparsed.
   * @internal
   */
  _parseEarly(): APIPromise<T> {
    const answer = this.#answer.then(async (got): Promise<Answer<T>> => {
      if (got.text === undefined) return got;
      const data = await got.parse(got.text);
      return answerWith(got, () => data);
    });
    return new APIPromise(answer, this.#mode);
  }

  /**
   * The result and the answer it came from, whose response is read (its headers searched for
   * echoed secrets) only if asked for, unlike `withResponse()`: a keyed checkout's own answer.
   * @internal
   */
  async _answered(): Promise<{ data: T; answer: Answer<T> }> {
    const data = await this.#result();
    return { data, answer: await this.#answer };
  }

  #result(): Promise<T> {
    // One promise, no closure: a call's own cost (BENCHMARKS.md, "Eleventh pass").
    return (this.#data ??= this.#answer.then(resultOf, bodySettled) as Promise<T>);
  }
}

/** The executor of the unused base promise, made once rather than on every call. */
function settleUnused(resolve: (value: never) => void): void {
  resolve(undefined as never);
}
