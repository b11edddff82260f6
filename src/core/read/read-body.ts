import type { ResponsePromise } from 'ky';
import type { PreparedCall } from '../call.js';
import { ResponseTooLargeError } from '../errors/response-too-large-error.js';
import { TimeoutError } from '../errors/connection-error.js';

/** What bounds one body read: the client's `maxResponseBytes` and the attempt's timeout. */
interface BodyBounds {
  maxBytes: number;
  timeoutMs: number;
  method: string;
  url: string;
}

/**
 * Reads an answer's body as text, within the attempt's `timeout` and at most `maxBytes` bytes: the
 * one place a body is read (2xx or not). Past the bound, or when `Content-Length` already says
 * more, the body is cancelled (which ends the request) and {@link ResponseTooLargeError} rejects
 * at once: an endless answer costs the client `maxBytes`, not the time to its timeout.
 *
 * An answer of announced length within the bound, not compressed (a compressed one can inflate
 * far past its length), is read by ky's own body shortcut; any other is read piece by piece.
 */
export function readBody(
  pending: ResponsePromise,
  response: Response,
  call: Pick<PreparedCall<unknown>, 'method' | 'url' | 'timeoutMs'>,
  maxBytes: number,
): Promise<string> {
  const { headers } = response;
  const announced = Number(headers.get('content-length') ?? Number.NaN);
  // The common answer: ky's own shortcut, its promise handed back with no async step around it.
  if (announced >= 0 && announced <= maxBytes && !headers.has('content-encoding'))
    return pending.text();
  const bounds = { maxBytes, timeoutMs: call.timeoutMs, method: call.method, url: call.url };
  if (announced > maxBytes) return refuseTooLarge(response, bounds, announced);
  return readBounded(response, bounds);
}

/** An answer that announces more than the bound: its body cancelled, never read. */
async function refuseTooLarge(
  response: Response,
  bounds: BodyBounds,
  announced: number,
): Promise<never> {
  await response.body?.cancel().catch(() => undefined);
  throw tooLarge(response, bounds, announced);
}

/** The body piece by piece, counting bytes, under a timer of the attempt's timeout. */
async function readBounded(response: Response, bounds: BodyBounds): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel().catch(() => undefined);
  }, bounds.timeoutMs);
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      received += read.value.byteLength;
      if (received > bounds.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(response, bounds, received);
      }
      parts.push(decoder.decode(read.value, { stream: true }));
    }
    if (timedOut) throw timeoutOf(bounds);
  } finally {
    clearTimeout(timer);
  }
  parts.push(decoder.decode());
  return parts.join('');
}

function tooLarge(response: Response, bounds: BodyBounds, receivedBytes: number) {
  const { maxBytes: limit, method, url } = bounds;
  return new ResponseTooLargeError({ status: response.status, limit, receivedBytes, method, url });
}

/** The answer began but its body did not end in time: the service may have acted. */
function timeoutOf({ method, url, timeoutMs }: BodyBounds): TimeoutError {
  return new TimeoutError(`No answer from ${method} ${url} within ${timeoutMs} ms`, {
    mayHaveBeenProcessed: true,
    method,
    url,
  });
}
