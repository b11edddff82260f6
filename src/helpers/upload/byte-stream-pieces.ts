import type { PieceReader } from './chunk-reader.js';
import { handedOverPieces } from './handed-over-pieces.js';

/** Bytes asked for by each read into the reader's own buffer. */
const SCRATCH_BYTES = 1024 * 1024;

/**
 * Reads a web byte stream (one that supports a BYOB reader) without leaving its pieces to the
 * garbage collector, or `undefined` for any other stream. Reading a stream that hands out a fresh
 * piece per read costs V8 about 2.4 CPU s/GiB of collection (BENCHMARKS.md, issue 40); a byte
 * stream allows one of two ways out, and each piece is valid until the next is asked for, as the
 * {@link PieceReader} contract says (StreamReader copies it into a chunk before that):
 *
 * - where the stream is the runtime's own `ReadableStream` and that class transfers each piece a
 *   source enqueues (the spec does; Node, Chrome and Firefox do), every piece the runtime's own
 *   reader gives is memory nothing else holds: it is freed once used. This is the cheapest read of the byte streams a
 *   runtime makes itself (a fetch body, a Blob's stream), which enqueue a fresh piece whatever
 *   the reader, and of a source that fills a BYOB request: it enqueues when there is none;
 * - any other byte stream (another class, or a runtime whose streams keep the source's buffer) is
 *   read with a BYOB reader into one buffer of the upload's own, handed back by each read (a
 *   BYOB read transfers the buffer it is given) and given to the next: a source that fills the
 *   request creates no piece at all. Pieces the stream's class does not hand over are never freed.
 */
export function bytePieceReader(stream: ReadableStream<Uint8Array>): PieceReader | undefined {
  const own = runtimeReader(stream);
  if (own) return freedPieces(own);
  try {
    return byobPieces(stream.getReader({ mode: 'byob' }));
  } catch {
    return undefined; // not a byte stream
  }
}

/**
 * A default reader made by the runtime's own `getReader`, whatever the object answers for
 * `getReader` (a Proxy of a plain stream could hand out memory its owner keeps), of a plain byte
 * stream of this runtime, whose byte streams transfer the buffer of each piece enqueued (so a
 * reader's piece is its own), where buffers can be freed; else `undefined`. A subclass, or a
 * stream of another realm or library, may keep what it hands out.
 */
function runtimeReader(
  stream: ReadableStream<Uint8Array>,
): ReadableStreamDefaultReader<Uint8Array> | undefined {
  if (typeof ReadableStream !== 'function') return undefined; // a library's stream
  const plain = ReadableStream.prototype;
  if (Object.getPrototypeOf(stream) !== plain || Object.hasOwn(stream, 'getReader')) return;
  try {
    plain.getReader.call(stream, { mode: 'byob' }).releaseLock(); // throws unless a byte stream
    transfers ??= enqueueTransfers();
    return transfers ? (plain.getReader.call(stream) as ReadableStreamDefaultReader) : undefined;
  } catch {
    return undefined; // not a byte stream, or not the runtime's (a Proxy, in a browser)
  }
}

/** Each piece read into the last one's buffer. */
function byobPieces(reader: ReadableStreamBYOBReader): PieceReader {
  let scratch = new ArrayBuffer(SCRATCH_BYTES);
  return {
    next: async () => {
      const given = scratch;
      const result = await reader.read(new Uint8Array(given));
      // The buffer came back as this view's (transferred, as the spec says, or filled in place):
      // the next read fills it again. A reader that did not take ours gets a new one.
      const buffer = result.value?.buffer as ArrayBuffer | undefined;
      scratch =
        buffer && (buffer === given || given.byteLength === 0)
          ? buffer
          : new ArrayBuffer(SCRATCH_BYTES);
      return result;
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

/** Each piece freed once the next is asked for: the stream transferred it to this reader. */
function freedPieces(reader: ReadableStreamDefaultReader<Uint8Array>): PieceReader {
  return handedOverPieces({
    next: () => reader.read(),
    cancel: () => reader.cancel().catch(() => undefined),
  });
}

let transfers: boolean | undefined;

function enqueueTransfers(): boolean {
  const piece = new Uint8Array(1);
  if (typeof (piece.buffer as { transfer?: unknown }).transfer !== 'function') return false;
  new ReadableStream({ type: 'bytes', start: (controller) => controller.enqueue(piece) });
  return piece.byteLength === 0; // its buffer was transferred (detached) into the stream
}
