import { isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import type { ExchangeMode } from '../api-promise.js';
import { neverReachedService } from './connection-failure.js';
import { AbortError, ConnectionError, SeatpayError, TimeoutError } from '../errors/index.js';
import { MultipartBody, sendWithOf } from '../prepare/multipart.js';
import { readBody } from '../validate/read-result.js';
import { scrubError } from '../secrets/scrub-error.js';
import { redactCause, scrubText } from '../secrets/redact.js';

/** One attempt of a call, as the core prepared it. */
export interface Outgoing {
  method: string;
  url: string;
  /** Headers beyond the client's static ones (built once, in the ky instance); often none. */
  headers: Record<string, string> | undefined;
  /** A JSON-serializable body, a FormData, or a {@link MultipartBody}. */
  body: unknown;
  timeoutMs: number;
  /** Whether `timeoutMs` is this call's own, not the client's (which ky already has). */
  ownTimeout: boolean;
  signal: AbortSignal | undefined;
  onUploadProgress: ((sentBytes: number) => void) | undefined;
  /** Whether the client was given its own fetch (which then sends uploads too). */
  customFetch: boolean;
  /** The longest answer body read (the client's `maxResponseBytes`). */
  maxResponseBytes: number;
  /** Whether the call spends money or creates something (pay, checking, checkout, finalize). */
  spendsMoney: boolean;
}

/** An answer: its body read, or left unread for a 2xx that `asResponse()` asked for. */
export interface Answer {
  response: Response;
  text: string | undefined;
}

/**
 * Sends one attempt through the client's ky instance (ky's retry is off: the core's p-retry loop
 * is the only one) and reads the answer within the same timeout. Every failure becomes a typed
 * error: no answer is a {@link ConnectionError} or {@link TimeoutError} that says whether the
 * request may have reached the service, the caller's signal an {@link AbortError}.
 */
export async function sendOnce(
  ky: KyInstance,
  out: Outgoing,
  mode: ExchangeMode,
  secrets: readonly string[],
): Promise<Answer> {
  let gotHeaders = false;
  try {
    const pending = ky(out.url, await encodedForNodeFetch(kyOptionsOf(out)));
    const response = await pending;
    gotHeaders = true;
    if (response.ok && mode.raw) return { response, text: undefined };
    const { maxResponseBytes: maxBytes, timeoutMs, method, url } = out;
    return { response, text: await readBody(pending, { maxBytes, timeoutMs, method, url }) };
  } catch (error) {
    throw failureOf(error, out, gotHeaders, secrets);
  }
}

function kyOptionsOf(out: Outgoing): Options {
  // Only what differs from the instance: every key given is merged by ky on every call.
  const options: Options = {};
  if (out.method !== 'GET') options.method = out.method;
  if (out.ownTimeout) options.timeout = out.timeoutMs;
  if (out.signal) options.signal = out.signal;
  const { headers, body } = out;
  if (body instanceof MultipartBody) {
    const sender = out.customFetch ? undefined : sendWithOf(body.file.data);
    if (sender) {
      // `fromPath`'s sender (seatpay/node) encodes the form itself (form-data) and reports the
      // file bytes it sends; ky, its retry off, hands it this very stand-in in the Request.
      options.body = body.standIn(out.onUploadProgress); // fresh per attempt
      options.fetch = sender;
    } else {
      // Browsers, custom fetches and every other source: the platform's FormData.
      options.body = body.toFormData();
    }
  } else if (body instanceof FormData) {
    options.body = body;
  } else if (body !== undefined) {
    options.json = body;
  }
  if (headers) options.headers = headers;
  return options;
}

/** Running in Node, where every fetch (a custom one that forwards included) ends in undici. */
const NODE_FETCH = /^Node\.js\//.test(globalThis.navigator?.userAgent ?? '');

/**
 * A FormData body in Node, encoded to bytes first (a custom fetch still gets a multipart body it
 * can read with `request.formData()`). undici streams a FormData body from
 * an async pull that enqueues after the stream was cancelled when the server answers (a 502, say)
 * before reading it all, and that throw is an unhandled rejection in the user's process. The chunk
 * is in memory already (only `fromPath` streams from disk, through its own sender), so the
 * encoded copy costs one chunk per request in flight.
 */
async function encodedForNodeFetch(options: Options): Promise<Options> {
  if (!NODE_FETCH || !(options.body instanceof FormData)) return options;
  const encoded = new Response(options.body);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  const body = new Uint8Array(await encoded.arrayBuffer());
  const headers = {
    ...(options.headers as Record<string, string> | undefined),
    'content-type': contentType,
  };
  return { ...options, body, headers };
}

function failureOf(
  error: unknown,
  out: Outgoing,
  gotHeaders: boolean,
  secrets: readonly string[],
): SeatpayError {
  // Ours already (a hook's failure, a body too large): only what it carries needs hiding.
  if (error instanceof SeatpayError) return scrubError(error, secrets);
  // The request was handed to fetch: a money call may have reached the service and been acted on.
  if (out.signal?.aborted) {
    return new AbortError(undefined, {
      cause: redactCause(out.signal.reason, secrets),
      mayHaveBeenProcessed: out.spendsMoney,
    });
  }
  const { method, url } = out;
  // What a custom fetch threw can be anything (a Proxy whose every trap throws): read it safely.
  const inner = safely(() => (isNetworkError(error) ? error.cause : error), error);
  const cause = redactCause(inner, secrets);
  if (safely(() => isTimeoutError(error), false)) {
    // ky's timer starts once fetch is called: the request may have reached the service.
    return new TimeoutError(`No answer from ${method} ${url} within ${out.timeoutMs} ms`, {
      mayHaveBeenProcessed: true,
      method,
      url,
      cause,
    });
  }
  return new ConnectionError(
    // fetch quotes an invalid header value, the Authorization header included.
    `Connection failed for ${method} ${url}: ${scrubText(describeCause(cause), secrets)}`,
    {
      mayHaveBeenProcessed: gotHeaders || !safely(() => neverReachedService(inner), false),
      method,
      url,
      cause,
    },
  );
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/**
 * The lowest-level message of a fetch failure ("connect ECONNREFUSED 127.0.0.1:4010", "other side
 * closed"), read from its safe copy: what a custom fetch throws may be a Proxy or have getters
 * that throw.
 */
function describeCause(cause: unknown): string {
  let current = cause as { message?: unknown; cause?: unknown } | undefined;
  let message = 'network error';
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    if (typeof current.message === 'string' && current.message) message = current.message;
    current = current.cause as typeof current;
  }
  return message;
}
