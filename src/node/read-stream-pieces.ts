import fs, { ReadStream } from 'node:fs';
import type { PieceReader } from '../helpers/upload/chunk-reader.js';
import { freePiece } from '../helpers/upload/free-piece.js';
import { ReadAhead } from './read-ahead.js';

/**
 * Methods a ReadStream of its own could override to hand out memory someone else keeps, or to see
 * the pieces (an `emit` wrapped to watch 'data' events, as progress taps do).
 */
const PLAIN = ['_read', 'read', 'push', 'unshift', 'emit', Symbol.asyncIterator] as const;

/**
 * Those methods as Node made them when this module loaded: one wrapped since, on the stream or on
 * a prototype it inherits from (a tap on `ReadStream.prototype.emit` sees every file's pieces),
 * may see or keep the pieces.
 */
const NODE_METHODS = PLAIN.map((name) => ReadStream.prototype[name]);

/** How far the file is read ahead of the upload: each piece is freed once copied, so this is all. */
const AHEAD_BYTES = 4 * 1024 * 1024;

/**
 * Reads a plain `fs.ReadStream` no one else reads, freeing each piece (detaching its buffer) once
 * the next is asked for, or `undefined` for any other stream. Each piece such a stream gives is a
 * fresh buffer it allocated for one read of the file: left to V8, 1 MiB pieces pile up to 64 MiB
 * before a full collection, and their collection was the larger part of a Node stream's CPU
 * (BENCHMARKS.md, issue 40, seventh pass). As {@link PieceReader} says, a piece is valid until the
 * next is asked for: StreamReader copies it into a chunk before that.
 *
 * Freed only where no one else can hold a piece: Node's own class, reading with Node's own `fs`
 * (the `fs` option could hand back buffers of the caller's), bytes (no object mode, no encoding),
 * nothing read from it or put in it yet (a piece put back or in with `unshift` is the caller's),
 * no `'data'` listener or pipe; one added later (they would get the same pieces), or bytes put in
 * or taken out by anyone else while it is read (`unshift`, `read`, a `read` put back), stop the
 * freeing for good.
 * The file is read up to {@link AHEAD_BYTES} ahead, so that its reads go on while the upload sends.
 */
export function readStreamPieces(stream: object): PieceReader | undefined {
  if (!(stream instanceof ReadStream) || Object.getPrototypeOf(stream) !== ReadStream.prototype) {
    return undefined;
  }
  if (PLAIN.some((name, at) => stream[name] !== NODE_METHODS[at]) || !readsWithNodeFs(stream))
    return;
  if (stream.readableObjectMode || stream.readableEncoding !== null) return;
  if (stream.readableDidRead || stream.listenerCount('data') > 0 || stream.readableFlowing) return;
  // Bytes already in its buffer were put there by the caller (`unshift` or `push` of a header of
  // theirs, nothing read yet): `read()` hands back their very buffer, which must not be freed. A
  // ReadStream reads nothing of the file before someone asks, so its own buffer starts empty.
  if (stream.readableLength > 0) return;

  let shared = false;
  // Only a 'data' listener (or a pipe) gets the pieces this reader gets: a 'readable' one takes
  // others, which this reader then never sees (the upload then fails as a short stream).
  const onListener = (event: string | symbol) => {
    if (event === 'data') shared = true;
  };
  stream.on('newListener', onListener);
  // Every byte the stream holds or gave this reader came from the file, until the caller puts
  // some of theirs in (`unshift` mid-upload: `read()` may hand back their very buffer) or takes
  // some out (a `read()` of theirs): then the pieces taken plus those held no longer add up to
  // what the stream read of the file, and nothing is freed from then on.
  let taken = 0;
  const onTaken = (piece: Buffer, heldBefore: number) => {
    if (taken + heldBefore !== stream.bytesRead) shared = true;
    taken += piece.byteLength;
  };
  // A read of anyone else's (the caller peeking at what the stream holds) hands them a piece they
  // keep, even once they put that very piece back (`unshift`: the bytes still add up): any read
  // but this reader's own stops the freeing. `read(0)` (Node's own, to start a read) takes none.
  const nodeRead = stream.read;
  const watchedRead = function (this: ReadStream, size?: number): unknown {
    if (size !== 0) shared = true;
    return nodeRead.call(this, size);
  };
  stream.read = watchedRead;
  const unwatch = () => {
    stream.off('newListener', onListener);
    if (stream.read === watchedRead) delete (stream as { read?: unknown }).read;
  };
  const pieces = new ReadAhead(stream, AHEAD_BYTES, onTaken, () => nodeRead.call(stream));
  let used: Uint8Array | undefined;
  return {
    next: async () => {
      if (used && !shared) freePiece(used);
      used = undefined;
      const result = await pieces.next();
      used = result.value;
      if (result.done) unwatch();
      return result;
    },
    cancel: async () => {
      unwatch();
      used = undefined;
      pieces.cancel(); // destroys the stream: a pending `next()` ends, the file is closed
    },
  };
}

/** `fs.read` when this module loaded: one patched since (a cache, a mock) may hand back its own. */
const NODE_READ = fs.read;

/** The stream reads with Node's own `fs`, not functions passed as its `fs` option or patched in. */
function readsWithNodeFs(stream: ReadStream): boolean {
  const own = Object.getOwnPropertySymbols(stream).find((key) => key.description === 'kFs');
  if (own === undefined || (stream as unknown as Record<symbol, unknown>)[own] !== fs) return false;
  return fs.read === NODE_READ;
}
