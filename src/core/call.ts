import type * as z from 'zod/mini';
import type { Route } from './routes/routes.js';
import type { InternalRequestOptions } from './setup/options.js';

/**
 * A call on its way in: what a resource method hands the request path. The core alone turns it
 * into attempts, answers and typed errors; what a resource does with the result afterwards it
 * composes on the {@link APIPromise} (`_thenUnwrap`, `_recover`), and the core never learns of it.
 * @internal
 */
export interface Call<T> {
  route: Route;
  params?: Record<string, string | number>;
  /** A JSON-serializable body, or a FormData or `MultipartBody` for multipart. */
  body?: unknown;
  /** The schema of a 2xx body, or `'empty'` for answers with nothing to read. */
  response: z.ZodMiniType<T> | 'empty';
  /** Sends the `Academy` header. */
  academy?: number | string | undefined;
  /** Values sent in this call that must never show up in errors or logs (card number, CVC). */
  secrets?: string[];
}

/**
 * A call once prepared (route checked, URL built, body encoded for its route, options checked):
 * what every attempt sends.
 * @internal
 */
export interface PreparedCall<T> extends Call<T> {
  method: Route['method'];
  url: string;
  options: InternalRequestOptions;
  /** This call's timeout: its own, else the client's. */
  timeoutMs: number;
  /**
   * A JSON body's text, written once when the call is made: every attempt sends these bytes, and
   * the caller changing its object afterwards (while a token is fetched, between retries) changes
   * nothing that is sent.
   */
  json?: string;
}

/**
 * A call on its way out: the successful answer as the request path hands it to its
 * {@link APIPromise}, its body read (the default) or, once `asResponse()` asked for it before the
 * answer came, left unread.
 * @internal
 */
export interface Answer<T> {
  response: Response;
  /** The call's method and URL, as its errors name them. */
  method: string;
  url: string;
  /** The body as text, or `undefined` when it was left unread for `asResponse()`. */
  text: string | undefined;
  /** The answer's request id with the client's secrets hidden (a service may echo the token). */
  requestId: string | null;
  /** Parses and validates a body (a large one in slices: a promise); throws the typed error of a bad one. */
  parse(text: string): T | Promise<T>;
}

/**
 * Shared between an {@link APIPromise} and its request still in flight: `raw` tells the request
 * path to stop at the answer's headers and leave the body unread.
 * @internal
 */
export interface AnswerMode {
  raw: boolean;
}
