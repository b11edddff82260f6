import { createHash, randomBytes } from 'node:crypto';
import {
  createClient,
  type ClientOptions,
  type SeatpayClient,
  type UploadOptions,
  type UploadSource,
  type UploadRecord,
  type UploadStore,
} from '../../../src/index.js';
import type { ChunkSink } from './chunk-sink.js';

export const TOKEN = 'tok_upload_secret_42';

/** A client against the sink, with fast retries and no log output. */
export function sinkClient(sink: ChunkSink, options: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: sink.url,
    token: TOKEN,
    retryBaseDelay: 1,
    logLevel: 'off',
    ...options,
  });
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function bytesOf(size: number): Uint8Array {
  return new Uint8Array(randomBytes(size));
}

/** A web stream yielding `bytes` in pieces of `piece` bytes. */
export function webStream(bytes: Uint8Array, piece = 700): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + piece));
      offset += piece;
    },
  });
}

/** The unique name an upload of `filename` carries: `stem.<20 hex>.ext` (see uploadName). */
export function uploadNameOf(filename: string): RegExp {
  const dot = filename.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ''];
  const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${quote(stem)}\\.[0-9a-f]{20}${quote(ext)}$`);
}

/** An UploadStore in a Map, with the records in view (a test's own, as a user would write one). */
export function memoryUploadStore() {
  const records = new Map<string, UploadRecord>();
  const store: UploadStore = {
    get: async (key) => records.get(key),
    set: async (key, record) => void records.set(key, structuredClone(record)),
    delete: async (key) => void records.delete(key),
  };
  return { store, records };
}

/**
 * Uploads `source` with `client`, one chunk at a time, and aborts it once `after` chunks are
 * acknowledged: what the upload rejected with (an AbortError of `client`'s seatpay), or
 * `undefined` if it resolved.
 */
export async function cutOffUpload(
  client: SeatpayClient,
  source: UploadSource,
  options: UploadOptions,
  after: number,
): Promise<unknown> {
  const controller = new AbortController();
  let acknowledged = 0;
  return client.media
    .upload(source, {
      concurrency: 1,
      ...options,
      signal: controller.signal,
      onChunk: () => void (++acknowledged === after && controller.abort()),
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}
