// An upload frees (detaches) each piece a plain byte stream of the runtime's gives its reader: the
// stream transferred it, so it is the upload's alone. A stream that only looks plain (its
// prototype is ReadableStream.prototype) may still hand out, through its own `getReader`, memory
// its owner keeps: a Proxy of a plain byte stream, or a plain one given its own `getReader`. Such
// memory must never be detached, and the bytes stored are the stream's. Nor may a tee()d branch's
// freed pieces be the other branch's.
import { afterEach, expect, it, vi } from 'vitest';
import { CHUNK, TOTAL, resumeHarness } from './support/resume-harness.js';
import { bytesOf } from './support/upload-kit.js';
import { watchFrees, type Es2024Buffer } from './support/watch-frees.js';

const h = resumeHarness();
afterEach(() => vi.restoreAllMocks());

/** A reader (default or BYOB alike) handing out `bytes` in 100-byte buffers the owner keeps. */
function keptReader(bytes: Uint8Array, handedOut: ArrayBuffer[]) {
  let offset = 0;
  return {
    read: async () => {
      if (offset >= bytes.byteLength) return { done: true, value: undefined };
      const own = bytes.slice(offset, offset + 100).buffer;
      handedOut.push(own);
      offset += 100;
      return { done: false, value: new Uint8Array(own) };
    },
    releaseLock: () => undefined,
    cancel: async () => undefined,
    closed: Promise.resolve(undefined),
  };
}

/** A real byte stream of `bytes`, enqueuing fresh pieces (whose buffers it transfers). */
function plainByteStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    type: 'bytes',
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        controller.byobRequest?.respond(0);
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + 100));
      offset += 100;
    },
  });
}

/** A Proxy of a plain byte stream that answers `getReader` itself. */
function proxiedStream(bytes: Uint8Array, handedOut: ArrayBuffer[]): ReadableStream<Uint8Array> {
  const target = plainByteStream(bytes);
  return new Proxy(target, {
    get(stream, name) {
      if (name === 'getReader') return () => keptReader(bytes, handedOut);
      const value: unknown = Reflect.get(stream, name, stream);
      return typeof value === 'function' ? (value as () => unknown).bind(stream) : value;
    },
  });
}

/** A plain byte stream given its own `getReader`. */
function ownReaderStream(bytes: Uint8Array, handedOut: ArrayBuffer[]): ReadableStream<Uint8Array> {
  const stream = plainByteStream(bytes);
  Object.defineProperty(stream, 'getReader', { value: () => keptReader(bytes, handedOut) });
  return stream;
}

const attacks = [
  ['a Proxy of a plain byte stream', proxiedStream],
  ['a plain byte stream with its own getReader', ownReaderStream],
] as const;

it.each(attacks)(
  '%s: stores the stream’s bytes and detaches none of the owner’s buffers',
  async (_name, make) => {
    const bytes = bytesOf(TOTAL * CHUNK - 17);
    const handedOut: ArrayBuffer[] = [];
    const file = await h
      .client()
      .media.upload(
        { stream: make(bytes, handedOut), size: bytes.byteLength },
        { operation_type: 'tiny', filename: 'kept.bin', checkDigest: true },
      );
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    // (A Proxy, in Node: the runtime's own reader reads the stream behind it, and the owner's
    // reader is never asked. Before, the owner's buffers were detached.)
    for (const own of handedOut) expect((own as Es2024Buffer).detached).toBe(false);
  },
);

it('a branch of a tee()d byte stream: the other branch still reads every byte it was given', async () => {
  const frees = watchFrees();
  const bytes = bytesOf(TOTAL * CHUNK - 17);
  const [uploaded, kept] = plainByteStream(bytes).tee();
  const reader = kept.getReader();
  const pieces: Uint8Array[] = [];
  const readAll = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pieces.push(value);
    }
  })();
  const file = await h
    .client()
    .media.upload(
      { stream: uploaded, size: bytes.byteLength },
      { operation_type: 'tiny', filename: 'teed.bin', checkDigest: true },
    );
  await readAll;
  expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
  // The upload freed its branch's pieces; the other branch's are its own copies, all intact.
  expect(frees.length).toBeGreaterThan(0);
  const received = new Uint8Array(bytes.byteLength);
  let at = 0;
  for (const piece of pieces) {
    received.set(piece, at);
    at += piece.byteLength;
  }
  expect(at).toBe(bytes.byteLength);
  expect(received).toEqual(bytes);
});
