// Web byte streams (`type: 'bytes'`) as a fetch body or a library's stream would be, that count
// how their bytes left: filled into a reader's buffer (a BYOB request) or as a fresh piece.

/** A byte stream's class: the runtime's own `ReadableStream`, or a subclass of it. */
export type ByteStreamClass = new (source: UnderlyingByteSource) => ReadableStream<Uint8Array>;

/** A byte stream of a class of its own (as a library's may be): not the runtime's plain stream. */
export class LibraryStream extends (ReadableStream as ByteStreamClass) {}

export interface ByteStreamOptions {
  /** Bytes per pull at most (default 100). */
  piece?: number;
  Stream?: ByteStreamClass;
  /** Every `n`-th pull enqueues a fresh piece even when a reader's buffer waits (default never). */
  enqueueEvery?: number;
  /** From this byte on, pulls never settle (the stream stalls) until it is cancelled. */
  stallAt?: number;
  /** From this byte on, the stream errs with this error. */
  failAt?: { byte: number; error: Error };
}

/** A byte stream of `bytes`: fills a reader's buffer where it gives one, else enqueues a piece. */
export function byteStream(bytes: Uint8Array, options: ByteStreamOptions = {}) {
  const { piece = 100, Stream = ReadableStream, enqueueEvery, stallAt = Infinity } = options;
  const failAt = options.failAt ?? { byte: Infinity, error: new Error('unused') };
  let offset = 0;
  let pulls = 0;
  let onStall: () => void = () => undefined;
  const seen = {
    /** The size of each piece it had to create (no reader's buffer to fill). */
    fresh: [] as number[],
    /** How many reads filled a reader's own buffer. */
    filled: 0,
    cancelled: false,
    /** Settles once a pull stalled. */
    stalled: new Promise<void>((resolve) => (onStall = resolve)),
  };
  const stream = new Stream({
    type: 'bytes',
    pull(controller) {
      if (offset >= stallAt) {
        onStall();
        return new Promise<void>(() => undefined);
      }
      if (offset >= failAt.byte) return controller.error(failAt.error);
      pulls++;
      const request = controller.byobRequest;
      if (offset >= bytes.byteLength) {
        controller.close();
        request?.respond(0);
        return;
      }
      const take = Math.min(
        piece,
        bytes.byteLength - offset,
        stallAt - offset,
        failAt.byte - offset,
      );
      if (request?.view && !(enqueueEvery && pulls % enqueueEvery === 0)) {
        const view = request.view;
        const length = Math.min(take, view.byteLength);
        new Uint8Array(view.buffer, view.byteOffset, length).set(
          bytes.subarray(offset, offset + length),
        );
        offset += length;
        seen.filled++;
        request.respond(length);
        return;
      }
      const fresh = bytes.slice(offset, offset + take);
      seen.fresh.push(fresh.byteLength);
      offset += take;
      controller.enqueue(fresh);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}
