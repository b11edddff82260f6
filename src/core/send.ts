import { isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import type { ExchangeMode } from './api-promise.js';
import { neverReachedService } from './connection-failure.js';
import { AbortError, ConnectionError, SeatpayError, TimeoutError } from './errors/index.js';
import { MultipartBody, sendWithOf } from './multipart.js';
import { readBody } from './read-result.js';
import { scrubError } from './errors/scrub-error.js';
import { redactCause, scrubText } from './redact.js';

/**
 * Node's fetch streams a request body with the `Content-Length` we give it. Browsers need HTTP/2
 * for a streamed body and forbid that header, so they get a FormData instead.
 */
const STREAMS_REQUEST_BODIES = /^Node\.js\//.test(globalThis.navigator?.userAgent ?? '');

/** One attempt of a call, as the core prepared it. */
export interface Outgoing {
  method: string;
  url: string;
  /** Headers beyond the client's static ones (built once, in the ky instance); often none. */
  headers: Record<string, string> | undefined;
  /** A JSON-serializable body, a FormData, or a {@link MultipartBody}. */
  body: unknown;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  onUploadProgress: ((sentBytes: number) => void) | undefined;
  /** Whether the client was given its own fetch (which then sends uploads too). */
  customFetch: boolean;
  /** The longest answer body read (the client's `maxResponseBytes`). */
  maxResponseBytes: number;
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
    const pending = ky(out.url, kyOptionsOf(out));
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
  const options: Options = { method: out.method, timeout: out.timeoutMs };
  if (out.signal) options.signal = out.signal;
  let headers = out.headers;
  const { body } = out;
  if (body instanceof MultipartBody && STREAMS_REQUEST_BODIES) {
    headers = { ...headers, 'content-type': body.contentType, 'content-length': `${body.length}` };
    options.body = body.stream(out.onUploadProgress); // fresh per attempt: streams are read once
    const sender = out.customFetch ? undefined : sendWithOf(body.file.data);
    if (sender) options.fetch = viaUrlAndInit(sender);
  } else if (body instanceof MultipartBody) {
    options.body = body.toFormData();
  } else if (body instanceof FormData) {
    options.body = body;
  } else if (body !== undefined) {
    options.json = body;
  }
  if (headers) options.headers = headers;
  return options;
}

/**
 * ky hands its fetch a Request; the Node upload sender reads `(url, init)`, and needs the very
 * body stream the core made (with ky's retry off, the Request's body is that stream).
 */
function viaUrlAndInit(send: typeof fetch): typeof fetch {
  return (input) => {
    const request = input as Request;
    return send(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      duplex: 'half',
    } as RequestInit);
  };
}

function failureOf(
  error: unknown,
  out: Outgoing,
  gotHeaders: boolean,
  secrets: readonly string[],
): SeatpayError {
  // Ours already (a hook's failure, a body too large): only what it carries needs hiding.
  if (error instanceof SeatpayError) return scrubError(error, secrets);
  if (out.signal?.aborted)
    return new AbortError(undefined, { cause: redactCause(out.signal.reason, secrets) });
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
