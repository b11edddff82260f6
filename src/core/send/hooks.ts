import type { AfterResponseHook, BeforeRequestHook, Hooks } from 'ky';
import { SeatpayError } from '../errors/seatpay-error.js';
import { InvalidRequestError } from '../errors/validation-errors.js';

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
export function kyHooksOf(hooks: ClientHooks | undefined): Hooks | undefined {
  const beforeRequest = (hooks?.beforeRequest ?? []).map((hook, index) =>
    guarded(hook, `beforeRequest[${index}]`),
  );
  const afterResponse = (hooks?.afterResponse ?? []).map((hook, index) =>
    guarded(hook, `afterResponse[${index}]`),
  );
  if (!beforeRequest.length && !afterResponse.length) return undefined;
  return { beforeRequest, afterResponse };
}

function guarded<S, R>(hook: (state: S) => R | Promise<R>, name: string): (state: S) => Promise<R> {
  return async (state) => {
    try {
      return await hook(state);
    } catch (error) {
      // The message names the hook only: what it threw may quote the request's headers.
      throw new SeatpayError(`The ${name} hook threw`, { cause: error });
    }
  };
}
