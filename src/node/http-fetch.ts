// The `fetch` that `fromPath` files carry (SEND_WITH): the core, or ky for it, calls it like fetch
// for a chunk whose body is a stand-in for a MultipartBody, and it sends that form over node:http
// (chunk-sender.ts). Anything else goes to the global fetch unchanged.
import { READ_BYTES, senderBodyOf, type ByteReader, type FilePart } from '../core/multipart.js';
import { sendChunk } from './chunk-sender.js';
import type { FileSource } from './file-feed.js';

/** Pieces of an in-memory chunk: views, no copy. */
const PIECE_BYTES = 1024 * 1024;

/**
 * A fetch-compatible function for chunk requests: takes `(url, init)` or a `Request` (ky hands its
 * `fetch` the Request it made, whose body is the same stand-in stream the core gave it).
 */
export const httpFetch: typeof fetch = async (input, init) => {
  const request = input instanceof Request ? input : undefined;
  const sent = senderBodyOf(init?.body ?? request?.body);
  const url = new URL(request ? request.url : String(input));
  if (!sent || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fetch(input, init);

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

/** The file part as the sender reads it: `fromPath`'s reader into one reused buffer when it has one. */
function fileSourceOf(part: FilePart): FileSource {
  const { name, filename, type, data } = part;
  if (!(data instanceof Blob)) {
    return { name, filename, type, length: data.byteLength, read: () => viewsOf(data) };
  }
  const readBytes = (data as Blob & { [READ_BYTES]?: ByteReader })[READ_BYTES];
  const read = readBytes
    ? () => readBytes(0, data.size, { reuse: true })
    : () => data.stream() as unknown as AsyncIterable<Uint8Array>;
  return { name, filename, type, length: data.size, read };
}

function* viewsOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < bytes.byteLength; start += PIECE_BYTES) {
    yield bytes.subarray(start, start + PIECE_BYTES);
  }
}
