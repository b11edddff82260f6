import { isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import type { AnswerMode, PreparedCall } from '../call.js';
import { AbortError, ConnectionError, SeatpayError, TimeoutError } from '../errors/index.js';
import { MultipartBody } from '../prepare/multipart.js';
import { readBody } from '../read/read-body.js';
import { untilAborted } from '../retry/until-aborted.js';
import type { Secrets } from '../secrets/secrets.js';
import type { Platform } from '../../platform/platform.js';
import { neverReachedService } from '../../connection-failure.js';
import type { HookContext } from './hooks.js';
import { isRedirect, redirectErrorOf } from './redirect.js';

/** What sending an attempt needs of its client. */
export interface SendSetup {
  platform: Platform;
  secrets: Secrets;
  /** Whether the client was given its own fetch (which then sends uploads too). */
  customFetch: boolean;
  /** The longest answer body read (the client's `maxResponseBytes`). */
  maxResponseBytes: number;
  /** Whether the client's headers name a `content-type` (a JSON body's replaces it). */
  headersSetType: boolean;
}

/**
 * Sends one attempt of `call` through the client's ky instance (ky's retry is off: p-retry is the
 * only loop) and reads the answer's body, bounded, within the same timeout. Every failure becomes
 * a typed error: no answer is a {@link ConnectionError} or {@link TimeoutError} that says whether
 * the request may have reached the service, the caller's signal an {@link AbortError}, a redirect
 * a `RedirectError` (never followed, never retried). The attempt resolves with what `answer`
 * makes of the answer and its body (undefined when left unread), in this same async step: one
 * step more cost a promise and a tick on every call. What `answer` throws is the attempt's error.
 */
export async function send<A>(
  ky: KyInstance,
  call: PreparedCall<unknown>,
  headers: Record<string, string> | undefined,
  mode: AnswerMode,
  setup: SendSetup,
  answer: (response: Response, text: string | undefined) => A,
): Promise<Awaited<A>> {
  let gotHeaders = false;
  let response: Response;
  let text: string | undefined;
  try {
    const options = kyOptionsOf(call, headers, setup);
    // A JSON call goes to ky at once, within the method call; only a form to encode waits.
    const pending = ky(call.url, options instanceof Promise ? await options : options);
    // Raced, not only handed over: a custom fetch (or its body) may ignore the signal.
    const { signal } = call.options;
    response = await untilAborted(pending, signal, abandoned);
    if (isRedirect(response)) throw redirectErrorOf(response, call, setup.secrets);
    // A fetch's own way to say "network error" (Response.error(): status 0, type 'error'): no
    // answer, after the request may have left; a money call is then maybe processed.
    if (response.type === 'error' || response.status === 0)
      throw new TypeError('fetch answered with a network error (status 0)');
    gotHeaders = true;
    if (!response.ok || !mode.raw) {
      const reading = readBody(pending, response, call, setup.maxResponseBytes);
      text = await untilAborted(reading, signal, abandoned);
    }
  } catch (error) {
    throw failureOf(error, call, gotHeaders, setup.secrets);
  }
  // A promise `answer` returns (an error built later) is followed by the async function itself.
  return answer(response, text) as Awaited<A>;
}

/** Only what differs from the instance: ky merges each key on every call, headers into Headers. */
function kyOptionsOf(
  call: PreparedCall<unknown>,
  headers: Record<string, string> | undefined,
  setup: SendSetup,
): Options | Promise<Options> {
  const options: Options = {};
  const { method, body, json } = call;
  const { signal, timeout } = call.options;
  if (method !== 'GET') options.method = method;
  if (timeout !== undefined) options.timeout = call.timeoutMs;
  // For the hooks' guards: the call's own timeout, and whether a refusal may be sent again.
  const resendable = method !== 'GET' && call.route.replay === 'idempotent';
  if (timeout !== undefined || resendable)
    options.context = { timeoutMs: call.timeoutMs, resendable } satisfies HookContext;
  if (signal) options.signal = signal;
  if (json !== undefined) {
    options.json = json;
    options.stringifyJson = String; // prepare()'s text, sent as it is
    if (headers || setup.headersSetType)
      options.headers = { ...headers, 'content-type': 'application/json' }; // not the client's
    return options; // prepare() wrote JSON for anything but a multipart or form body
  }
  if (headers) options.headers = headers;
  if (body instanceof MultipartBody) return withMultipart(options, body, call, setup);
  if (body instanceof FormData) return withForm(options, body, setup);
  return options;
}

/**
 * A chunk: sent by the platform's chunk sender when it has one, whatever the upload's source (ky
 * makes the Request, the sender is that attempt's fetch); otherwise as the platform's FormData. A
 * fetch given to the client sends everything itself.
 */
function withMultipart(
  options: Options,
  body: MultipartBody,
  call: PreparedCall<unknown>,
  setup: SendSetup,
): Promise<Options> | Options {
  const sender = setup.customFetch ? undefined : setup.platform.chunkSender;
  if (!sender) return withForm(options, body.toFormData(), setup);
  const { fields, file: part } = body;
  const onFileBytes = call.options.onUploadProgress;
  options.fetch = (request) =>
    sender.send({ request: request as Request, fields, part, onFileBytes });
  return options;
}

function withForm(options: Options, form: FormData, setup: SendSetup): Options | Promise<Options> {
  const encode = setup.platform.encodeForm;
  if (!encode) return Object.assign(options, { body: form });
  // A custom fetch still gets a multipart body it can read with `request.formData()`.
  return encode(form).then(({ body, contentType }) => {
    const headers = { ...(options.headers as Record<string, string>), 'content-type': contentType };
    return Object.assign(options, { body, headers });
  });
}

function failureOf(
  error: unknown,
  call: PreparedCall<unknown>,
  gotHeaders: boolean,
  secrets: Secrets,
): SeatpayError {
  // Ours already (a hook's failure, a body too large): only what it carries needs hiding.
  if (error instanceof SeatpayError) return secrets.error(error);
  // The request was handed to fetch: a money call may have reached the service and been acted on.
  const { signal } = call.options;
  if (signal?.aborted) {
    return new AbortError(undefined, {
      cause: secrets.cause(signal.reason),
      // Money calls (pay, checking, checkout, finalize) may have been acted on.
      mayHaveBeenProcessed: call.route.replay === 'unprocessed-only',
    });
  }
  const { method, url } = call;
  // What a custom fetch threw can be anything (a Proxy whose every trap throws): read it safely.
  const inner = safely(() => (isNetworkError(error) ? error.cause : error), error);
  const cause = secrets.cause(inner);
  if (safely(() => isTimeoutError(error), false)) {
    // ky's timer starts once fetch is called: the request may have reached the service.
    return new TimeoutError(`No answer from ${method} ${url} within ${call.timeoutMs} ms`, {
      mayHaveBeenProcessed: true,
      method,
      url,
      cause,
    });
  }
  return new ConnectionError(
    // fetch quotes an invalid header value, the Authorization header included.
    `Connection failed for ${method} ${url}: ${secrets.text(describeCause(cause))}`,
    {
      mayHaveBeenProcessed: gotHeaders || !safely(() => neverReachedService(inner), false),
      method,
      url,
      cause,
    },
  );
}

/** What a raced send rejects with when the signal fires: failureOf makes it the AbortError. */
function abandoned(): Error {
  return new DOMException('The operation was aborted', 'AbortError');
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
