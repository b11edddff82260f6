// The `fetch` that `fromPath` files carry (SEND_WITH): the core, or ky for it, calls it like fetch
// for a chunk whose body is a stand-in for a MultipartBody, and it sends that form over node:http
// (chunk-sender.ts). Anything else goes to the global fetch unchanged.
import { senderBodyOf, type SenderBody } from '../core/multipart.js';
import { sendChunk } from './chunk-sender.js';
import { fileSourceOf } from './part-source.js';

/**
 * A fetch-compatible function for chunk requests: takes `(url, init)` or a `Request` (ky hands its
 * `fetch` the Request it made, whose body is the same stand-in stream the core gave it).
 */
export const httpFetch: typeof fetch = async (input, init) => {
  let request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : String(input));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
  let sent = senderBodyOf(init?.body ?? request?.body);
  if (!sent && request?.body && !init?.body) {
    // Maybe a proxy of the stand-in (a hook re-made the Request): its first piece tells.
    const found = await markedBody(request.body);
    sent = found.sent;
    if (!sent) request = new Request(request, { body: found.body, duplex: 'half' } as RequestInit);
  }
  if (!sent) return fetch(request ?? input, init);

  const headers = new Headers(request?.headers);
  new Headers(init?.headers).forEach((value, key) => headers.set(key, value));
  return sendChunk({
    url,
    method: init?.method ?? request?.method ?? 'POST',
    headers,
    signal: init?.signal ?? request?.signal ?? new AbortController().signal,
    fields: sent.form.fields,
    file: fileSourceOf(sent.form.file),
    onFileBytes: sent.onFileBytes,
  });
};

/**
 * Reads the first piece of `body`: the stand-in's marker when `body` is a proxy of one (the rest
 * is then dropped), else `body` again, whole, for another fetch to send.
 */
async function markedBody(
  body: ReadableStream<Uint8Array>,
): Promise<{ sent?: SenderBody; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const first = await reader.read();
  const sent = senderBodyOf(first.value);
  if (sent) {
    void reader.cancel().catch(() => undefined);
    return { sent, body };
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(first.value);
    },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { body: rest };
}
