import { ResponseTooLargeError } from './errors/response-too-large-error.js';

/**
 * Reads an answer's body as text, at most `limit` bytes. Past it (or when `Content-Length` says so
 * up front) the body is cancelled, which ends the request, and {@link ResponseTooLargeError}
 * rejects at once: an endless answer costs the client `limit` bytes, not the time to its timeout.
 * The `Response` is as fetch (or ky, or the Node upload sender) gave it.
 */
export async function readBody(
  response: Response,
  limit: number,
  request: { method: string; url: string },
): Promise<string> {
  const tooLarge = (receivedBytes: number) =>
    new ResponseTooLargeError({ status: response.status, limit, receivedBytes, ...request });
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (announced > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(announced);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      received += read.value.byteLength;
      if (received > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(received);
      }
      parts.push(decoder.decode(read.value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
  parts.push(decoder.decode());
  return parts.join('');
}
