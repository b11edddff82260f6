import { sendChunk } from '../node/chunk-sender.js';
import { workerMd5 } from '../node/md5-thread.js';
import { fileSourceOf } from '../node/part-source.js';
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
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType };
}

/**
 * The smallest source whose md5 is computed on a worker thread. Starting one costs about 80 ms of
 * CPU (most of it on the new thread, 2 to 12 ms on the upload's) and 20 MiB of memory: as much as
 * hashing 32 MiB. Below that, node:crypto hashes on the upload's thread.
 */
const OFF_THREAD_MIN_BYTES = 32 * 1024 * 1024;

/**
 * node:crypto's MD5 (OpenSSL): on a worker thread of its own for a source of 32 MiB or more, so
 * that its 2.4 to 2.6 CPU s/GiB are not paid on the thread that feeds the sockets (a `fromPath`
 * file is read by the worker itself), else on the upload's thread (BENCHMARKS.md, issue 40).
 */
function md5({
  size,
  signal,
}: {
  size: number;
  signal?: AbortSignal | undefined;
}): IncrementalDigest {
  if (size >= OFF_THREAD_MIN_BYTES) return workerMd5(signal);
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
};
