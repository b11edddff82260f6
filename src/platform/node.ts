import { sendChunk } from '../node/chunk-sender.js';
import { fileSourceOf } from '../node/part-source.js';
import { readStreamPieces } from '../node/read-stream-pieces.js';
import { redactedPrefix } from '../large-text/redacted-prefix.js';
import { sourceReadError } from '../helpers/upload/source-read-error.js';
import { VERSION } from '../version.js';
import { hasProcessEnv, readProcessEnv } from './environment.js';
import { createHash } from 'node:crypto';
import type { ChunkSender, IncrementalDigest, Platform } from './platform.js';

/**
 * Node's port for upload chunks, from any source: form-data streamed over `node:http(s)` from the
 * file part (a path's range reader, a Blob's slices, a chunk's bytes in memory), at about a
 * quarter of the CPU of Node's fetch and with no copy of the chunk (BENCHMARKS.md). The Request ky made
 * gives the URL, method, headers and signal; the answer comes back as a web `Response`.
 */
const nodeChunkSender: ChunkSender = {
  streamsParts: true,
  send: ({ request, fields, part, onFileBytes }) =>
    sendChunk({
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      signal: request.signal,
      fields,
      file: fileSourceOf(part),
      onFileBytes,
    }),
};

/**
 * Encodes a FormData body to bytes: undici streams a FormData body from an async pull that
 * enqueues after the stream was cancelled when the server answers (a 502, say) before reading it
 * all, and that throw is an unhandled rejection in the user's process. The chunk is in memory
 * already, so the encoded copy costs one chunk per request in flight.
 */
async function encodeForm(
  form: FormData,
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const encoded = new Response(await readParts(form));
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType };
}

/**
 * `form` with its file parts read into memory. undici encodes a file part from `blob.stream()`,
 * and a file-backed Blob (`fs.openAsBlob`, `fromPath`) whose file changed then throws its
 * `NotReadableError` outside any promise: an uncaught exception, and a body that never ends.
 * `arrayBuffer()` rejects with it instead: a `SourceReadError`, which the request path hands on
 * unretried and the upload reports as a source that changed.
 */
async function readParts(form: FormData): Promise<FormData> {
  const read = new FormData();
  for (const [name, value] of form) {
    if (typeof value === 'string') read.append(name, value);
    else read.append(name, new Blob([await bytesOf(value)], { type: value.type }), value.name);
  }
  return read;
}

/** A file part's bytes; a read that fails is the source's failure, never the network's. */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return file.arrayBuffer().catch((error: unknown) => {
    throw sourceReadError(error);
  });
}

/**
 * node:crypto's MD5 (OpenSSL), on the upload's own thread: about twice the speed of seatpay's own.
 * A worker thread was measured and cost more than it saved (BENCHMARKS.md, issue 40): a fresh
 * isolate per upload and every byte copied into fresh 4 MiB messages (40 to 90 MiB more peak RSS),
 * for a hash whose 2.4 CPU s/GiB are paid on whichever core runs it; on two cores the upload's
 * thread and the service (the bench's sink) already take both, and on a link the upload's thread
 * waits on the network with time to hash.
 */
function md5(): IncrementalDigest {
  const hash = createHash('md5');
  return {
    update: (bytes) => void hash.update(bytes),
    digest: () => hash.digest('hex'),
  };
}

/** Node (and runtimes that load the `node` export condition): picked by the entry, once. */
export const nodePlatform: Platform = {
  name: 'node',
  userAgent: `seatpay/${VERSION}`,
  readEnv: readProcessEnv,
  hasEnv: hasProcessEnv,
  encodeForm,
  chunkSender: nodeChunkSender,
  md5,
  ownedPieces: readStreamPieces,
  quoteStart: redactedPrefix,
};
