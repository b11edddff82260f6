import type { Call, PreparedCall } from '../call.js';
import { AbortError, TimeoutError } from '../errors/index.js';
import { deadlineMessage } from '../retry/deadline.js';
import { expandPath } from '../routes/routes.js';
import type { Secrets } from '../secrets/secrets.js';
import type { InternalRequestOptions } from '../setup/options.js';
import { MultipartBody } from './multipart.js';
import {
  bodyForRoute,
  isPlainObject,
  refuseMissingFields,
  refuseUnavailable,
  refuseUnsupportedFields,
} from './route-body.js';
import { checkRequestOptions } from './validate-input.js';

/** What preparing a call needs of its client. */
export interface PrepareSetup {
  baseUrl: string;
  /** The client's timeout. */
  timeoutMs: number;
  secrets: Secrets;
}

/**
 * A call as every attempt sends it: its route refused at once when the server lacks it (or a
 * field it requires is missing), its path
 * filled, its body given the route's fixed and JSON-encoded fields, its options checked. A wrong
 * signal, timeout or header is a bad argument: rejected before anything is sent.
 */
export function prepare<T>(
  call: Call<T>,
  given: InternalRequestOptions | undefined,
  setup: PrepareSetup,
): PreparedCall<T> {
  refuseUnavailable(call.route);
  refuseMissingFields(call.route, call.body);
  refuseUnsupportedFields(call.route, call.body);
  const options = checkRequestOptions(given);
  const { method, path } = call.route;
  const url = setup.baseUrl + (call.params ? expandPath(path, call.params) : path);
  const { signal } = options;
  if (signal?.aborted) {
    const cause = setup.secrets.cause(signal.reason);
    // The caller's AbortSignal.timeout already fired: a timeout, and nothing was sent.
    if (deadlineMessage(signal.reason) !== undefined) {
      const message = `Nothing was sent to ${method} ${url}: the caller's signal had timed out (call again with more time)`;
      throw new TimeoutError(message, { mayHaveBeenProcessed: false, method, url, cause });
    }
    throw new AbortError(undefined, { cause });
  }
  const timeoutMs = options.timeout ?? setup.timeoutMs;
  if (timeoutMs === 0) {
    // No time at all: nothing is sent (ky would still start the request), nothing retried.
    const message = `Nothing was sent to ${method} ${url}: its timeout is 0 ms (give more)`;
    throw new TimeoutError(message, { mayHaveBeenProcessed: false, method, url });
  }
  const body = bodyForRoute(call.route, call.body);
  // Field by field, not `{ ...call }`: spreading the call was a tenth of seatpay's own CPU per call
  // (BENCHMARKS.md, "Issue 32: per call on a quiet machine"), and one shape for every call keeps
  // the code that reads it monomorphic. A field added to Call fails to compile below until it is
  // copied here too.
  const { route, params, response, academy, secrets } = call;
  const json = isJsonBody(body) ? JSON.stringify(body) : undefined;
  return { route, params, body, response, academy, secrets, method, url, options, timeoutMs, json };
}

/** The fields of a {@link Call}, each copied by {@link prepare}. */
type CopiedField = 'route' | 'params' | 'body' | 'response' | 'academy' | 'secrets';
type Holds<T extends true> = T;
/** Fails to compile once Call has a field {@link prepare} does not copy. @internal */
export type EveryCallFieldCopied = Holds<
  Exclude<keyof Call<unknown>, CopiedField> extends never ? true : false
>;

/** A body ky would send as JSON: anything but a multipart or form body. */
function isJsonBody(body: unknown): boolean {
  // The common body, a plain object, is answered without looking FormData up (a lazy global).
  if (body === undefined || isPlainObject(body)) return body !== undefined;
  return !(body instanceof MultipartBody) && !(body instanceof FormData);
}
