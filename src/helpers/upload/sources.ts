import { platform } from '#platform';
import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import { sliceBlob } from './range-slice.js';
import { bytePieceReader } from './byte-stream-pieces.js';
import type { ChunkReader, PieceReader } from './chunk-reader.js';
import { handedOverPieces } from './handed-over-pieces.js';
import { StreamReader } from './stream-source.js';

export type { ChunkReader } from './chunk-reader.js';

/**
 * A stream and the exact number of bytes it will produce (needed up front to plan the chunks).
 *
 * @example
 * ```ts
 * import { createReadStream } from 'node:fs';
 * import { stat } from 'node:fs/promises';
 *
 * // Node: a Readable is an async iterable of bytes
 * const fromDisk: StreamSource = {
 *   stream: createReadStream('./talk.mp4'),
 *   size: (await stat('./talk.mp4')).size,
 * };
 * // Web: a response body
 * const response = await fetch('https://cdn.example.com/talk.mp4');
 * const fromWeb: StreamSource = {
 *   stream: response.body!,
 *   size: Number(response.headers.get('content-length')),
 * };
 * await client.media.upload(fromDisk, { operation_type: 'media', filename: 'talk.mp4' });
 * ```
 * @category Helpers
 */
export interface StreamSource {
  /**
   * A web `ReadableStream`, or a Node `Readable` (any async iterable of `Uint8Array` pieces). A web
   * byte stream (a `fetch` body, `blob.stream()`) and, in Node, a plain `fs.createReadStream` that
   * nothing else reads are the cheapest: read with no garbage per piece.
   */
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
  /** How many bytes the stream holds; a stream that ends early or runs past it fails the upload. */
  size: number;
  /**
   * `true`: the stream's pieces are the upload's once read (nothing else holds them or reuses
   * their memory), so each is freed once copied: its buffer is detached, a piece you kept reads as
   * empty. A default web stream or a Node `Readable` of your own then uploads in the memory of a
   * byte stream; left to the garbage collector, its pieces add 30 to 50 MiB to a 256 MiB upload. A piece
   * that is a view into a larger buffer is never freed. Default `false`.
   */
  transferPieces?: boolean;
}

/**
 * What `client.media.upload` can send: a `Blob` or `File` (sliced lazily), a `Uint8Array` (sent
 * from its own memory), a {@link StreamSource}, or a file path through `fromPath` from
 * `seatpay/node`.
 *
 * @example
 * ```ts
 * const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
 * const source: UploadSource = input.files![0]!; // a File
 * await client.media.upload(source, { operation_type: 'media' });
 * ```
 * @category Helpers
 */
export type UploadSource = Blob | Uint8Array | StreamSource;

/**
 * Opens `source` for chunked reading, checking it before any request. Blobs and arrays are
 * sliced lazily and without copies; streams are read in order into chunk-sized buffers.
 */
export function openSource(source: UploadSource): ChunkReader {
  if (source instanceof Blob) return rangeReader(source.size, (s, e) => sliceBlob(source, s, e));
  if (source instanceof Uint8Array) {
    return rangeReader(source.byteLength, (s, e) => source.subarray(s, e));
  }
  if (isStreamSource(source)) {
    const size = checkSize(source.size);
    // getReader() on a locked stream throws a TypeError: say what is wrong, before any request.
    if (isWebStream(source.stream) && source.stream.locked) {
      throw new InvalidRequestError(
        'Invalid source.stream: the stream is locked (another reader holds it), so it cannot be read',
        { field: 'source.stream' },
      );
    }
    return new StreamReader(pieceReader(source.stream, handedOver(source.transferPieces)), size);
  }
  if (isStream(source)) {
    throw new InvalidRequestError(
      'A stream needs its size: pass { stream, size } so the chunks can be planned',
      { field: 'source' },
    );
  }
  throw new InvalidRequestError(
    'Invalid source: expected a Blob, a File, a Uint8Array or { stream, size }',
    { field: 'source' },
  );
}

/**
 * Refuses, before anything else is checked, the two sources a newcomer passes by mistake: a
 * Promise (`fromPath(path)` without `await`) and a path string. Either would otherwise be told
 * to pass a `filename`, which does not fix it.
 */
export function refuseNonSource(source: unknown): void {
  if (typeof source === 'string') {
    throw new InvalidRequestError(
      'Invalid source: a string is not read as a path here; pass `await fromPath(path)` (from seatpay/node) to upload a file from disk, or the bytes themselves',
      { field: 'source' },
    );
  }
  const then = (source as { then?: unknown } | null | undefined)?.then;
  if (typeof source === 'object' && source !== null && typeof then === 'function') {
    throw new InvalidRequestError(
      'Invalid source: a Promise; await it first (`await fromPath(path)`, `await response.blob()`) and pass what it resolves with',
      { field: 'source' },
    );
  }
}

/** The file name and type a source carries itself (a File's name, a Blob's type). */
export function sourceDescription(source: UploadSource): { filename?: string; mime?: string } {
  if (!(source instanceof Blob)) return {};
  return {
    ...(source instanceof File && source.name ? { filename: source.name } : {}),
    ...(source.type ? { mime: source.type } : {}),
  };
}

function rangeReader(
  size: number,
  slice: (start: number, end: number) => Blob | Uint8Array,
): ChunkReader {
  return {
    size,
    sequential: false,
    read: async ({ start, end }) => slice(start, end),
    close: async () => undefined,
  };
}

function pieceReader(stream: StreamSource['stream'], handed: boolean): PieceReader {
  // A web stream first: in Node it is async iterable too, but getReader works everywhere.
  if (isWebStream(stream)) {
    // A byte stream is read without a fresh piece left to the collector per read.
    const bytes = bytePieceReader(stream);
    if (bytes) return bytes;
    const reader = stream.getReader();
    const pieces = {
      next: () => reader.read(),
      cancel: () => reader.cancel().catch(() => undefined),
    };
    return handed ? handedOverPieces(pieces) : pieces;
  }
  // A Node file stream no one else reads: its pieces are freed once copied (the Node platform).
  const owned = platform.ownedPieces?.(stream);
  if (owned) return owned;
  const iterator = stream[Symbol.asyncIterator]();
  const pieces: PieceReader = {
    next: () => iterator.next(),
    cancel: async () => {
      // `return()` waits for a pending `next()`, which a stalled stream never settles: destroy a
      // Node Readable directly (that ends its pending `next()` and releases its file descriptor),
      // and do not wait on `return()` of any other iterator.
      const destroy = (stream as { destroy?: unknown }).destroy;
      if (typeof destroy === 'function') destroy.call(stream);
      void iterator.return?.()?.catch(() => undefined);
    },
  };
  return handed ? handedOverPieces(pieces) : pieces;
}

function handedOver(value: unknown): boolean {
  if (value === undefined || typeof value === 'boolean') return value === true;
  throw new InvalidRequestError(
    "Invalid source.transferPieces: expected true (the stream's pieces are the upload's to free once read) or false",
    { field: 'source.transferPieces' },
  );
}

function checkSize(size: unknown): number {
  if (typeof size === 'number' && Number.isSafeInteger(size) && size >= 0) return size;
  throw new InvalidRequestError(
    'Invalid source.size: a stream needs its size in bytes, an integer >= 0',
    {
      field: 'source.size',
    },
  );
}

function isStreamSource(value: unknown): value is StreamSource {
  return typeof value === 'object' && value !== null && 'stream' in value && isStream(value.stream);
}

function isWebStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream | undefined)?.getReader === 'function';
}

/** A web stream, or anything async iterable (a Node Readable), found by shape: no node:stream here. */
function isStream(value: unknown): value is StreamSource['stream'] {
  if (typeof value !== 'object' || value === null) return false;
  return isWebStream(value) || Symbol.asyncIterator in value;
}
