import type {
  AfterResponseHook,
  AfterResponseState,
  BeforeRequestHook,
  BeforeRequestState,
  Hooks,
} from 'ky';
import { TimeoutError } from '../errors/connection-error.js';
import { SeatpayError } from '../errors/seatpay-error.js';
import { InvalidRequestError } from '../errors/validation-errors.js';
import { untilAborted, withinMs } from '../retry/until-aborted.js';

/**
 * ky's own hooks, run on every attempt after seatpay has built the request (so they see its
 * `Authorization` header: never log it as is) and before seatpay reads the answer. A hook that
 * throws fails the call with a {@link SeatpayError} whose `cause` is what it threw; it is not
 * retried. `beforeRequest` may return a `Request` to send instead, or a `Response` to answer
 * without sending; `afterResponse` may return a `Response` to read instead. Retrying is seatpay's
 * retry policy's job: `ky.retry()` from a hook fails the call. Each `afterResponse` hook costs a
 * `Response.clone()` per call, so a client without hooks pays nothing for them.
 *
 * @example
 * ```ts
 * const client = createClient({
 *   baseUrl,
 *   token,
 *   hooks: {
 *     beforeRequest: [({ request }) => request.headers.set('traceparent', currentTraceParent())],
 *     afterResponse: [({ response }) => metrics.count(`seatpay.${response.status}`)],
 *   },
 * });
 * ```
 * @category Client
 */
export interface ClientHooks {
  /** Run before each attempt is sent, with the request as it will go out. */
  beforeRequest?: BeforeRequestHook[];
  /** Run once each attempt's answer headers arrived, with a clone of the answer. */
  afterResponse?: AfterResponseHook[];
}

const HOOK_NAMES = ['beforeRequest', 'afterResponse'] as const;

/** Throws {@link InvalidRequestError} unless `hooks` is `{ beforeRequest?, afterResponse? }` of function arrays. */
export function checkHooks(hooks: unknown): void {
  if (hooks === undefined) return;
  const proto = typeof hooks === 'object' && hooks ? Object.getPrototypeOf(hooks) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    throw new InvalidRequestError(
      'Invalid hooks: must be an object of beforeRequest and afterResponse arrays',
      { field: 'hooks' },
    );
  }
  for (const [name, list] of Object.entries(hooks as object)) {
    if (!(HOOK_NAMES as readonly string[]).includes(name)) {
      throw new InvalidRequestError(
        `Invalid hooks.${name}: only beforeRequest and afterResponse hooks are supported`,
        { field: `hooks.${name}` },
      );
    }
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((hook) => typeof hook === 'function'))
    ) {
      throw new InvalidRequestError(`Invalid hooks.${name}: must be an array of functions`, {
        field: `hooks.${name}`,
      });
    }
  }
}

/**
 * The hooks handed to ky, each wrapped so that a throw becomes a {@link SeatpayError}; `undefined`
 * when there are none, so that ky does no hook work at all.
 */
export function kyHooksOf(hooks: ClientHooks | undefined, timeoutMs: number): Hooks | undefined {
  const beforeRequest = (hooks?.beforeRequest ?? []).map((hook, index) =>
    guarded(hook, `beforeRequest[${index}]`, timeoutMs),
  );
  const afterResponse = (hooks?.afterResponse ?? []).map((hook, index) =>
    guarded(hook, `afterResponse[${index}]`, timeoutMs),
  );
  if (!beforeRequest.length && !afterResponse.length) return undefined;
  return { beforeRequest, afterResponse };
}

/** What a call tells its hooks' guards through ky's `context`, when it is not the client's default. */
export interface HookContext {
  /** The call's own `timeout`. */
  timeoutMs?: number;
  /** A call that is not a GET but may be sent again whatever the answer (an idempotent route). */
  resendable?: boolean;
}

/**
 * The user's hook, guarded. What it throws becomes a {@link SeatpayError} (its `cause`). One that
 * never settles is bounded by the attempt's `timeout` (the call's own, else the client's): ky times
 * only its fetch. After an answer came (`afterResponse`), the failure says the request may have
 * been processed unless the service's own answer refused it; before (`beforeRequest`), it says so
 * for a call that must not be sent twice (the hook may send it itself); and a replacement answer that claims
 * a refusal the service did not give (a 2xx made a 429) fails a call that must not be sent twice
 * (a checkout, a payment), so that it is neither re-sent nor recorded as not charged. A GET or an
 * idempotent PUT, PATCH, DELETE or chunk reads the hook's answer (a test double, a cache).
 */
function guarded<S extends BeforeRequestState | AfterResponseState, R>(
  hook: (state: S) => R | Promise<R>,
  name: string,
  clientTimeoutMs: number,
): (state: S) => Promise<R> {
  return async (state) => {
    const { timeoutMs = clientTimeoutMs, resendable } = state.options.context as HookContext;
    const answer = (state as Partial<AfterResponseState>).response;
    const { method, url } = state.request;
    const accepted = !!answer && !refuses(answer);
    // Before an answer, a hook may be sending the request itself (a beforeRequest hook may answer
    // with its own fetch's Response): a call that must not be sent twice may then be processed.
    const processed = answer ? accepted : method !== 'GET' && !resendable;
    let result: R;
    try {
      // Ended by the call's signal too (ky's, always set; a Request a hook made may carry none):
      // an aborted call leaves no timer behind for its hook.
      const signal = state.options.signal as AbortSignal;
      const running = untilAborted(new Promise<R>((resolve) => resolve(hook(state))), signal);
      result = await withinMs(running, timeoutMs, () => {
        const message = `The ${name} hook did not finish within the ${timeoutMs} ms timeout`;
        return new TimeoutError(message, { mayHaveBeenProcessed: processed, method, url });
      });
    } catch (error) {
      if (error instanceof TimeoutError) throw error;
      // The message names the hook only: what it threw may quote the request's headers.
      throw hookFailure(`The ${name} hook threw`, processed, error);
    }
    // What ky takes for an answer: a Response, or any object tagged one (undici's, another realm's).
    if (accepted && method !== 'GET' && !resendable && isResponse(result) && refuses(result)) {
      const message = `The ${name} hook replaced the service's ${answer.status} answer with a ${result.status}: the request may have been processed`;
      throw hookFailure(message, true);
    }
    return result;
  };
}

const isResponse = (value: unknown): value is Response =>
  value instanceof Response || {}.toString.call(value) === '[object Response]';

/** An answer that says the request was not processed: any 4xx, a 503 with `Retry-After`. */
function refuses(answer: Response): boolean {
  const { status, headers } = answer;
  return (status >= 400 && status < 500) || (status === 503 && headers.has('retry-after'));
}

function hookFailure(message: string, processed: boolean, cause?: unknown): SeatpayError {
  const error = new SeatpayError(message, cause === undefined ? undefined : { cause });
  // Own and enumerable only when true: the prototype's `false` keeps a refusal's printed fields.
  if (processed) (error as { mayHaveBeenProcessed: boolean }).mayHaveBeenProcessed = true;
  return error;
}
