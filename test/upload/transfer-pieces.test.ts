// `transferPieces: true` on a stream source: the caller hands each piece over to the upload, which
// frees it (detaches its buffer) once copied, so that a default web stream's or an async
// iterable's fresh pieces do not wait for the garbage collector (issue 40). Without it, no piece
// of the caller's is ever touched; a piece that is a view into a larger buffer is never freed; a
// value that is not a boolean is refused before anything is sent.
import { afterEach, expect, it, vi } from 'vitest';
import { InvalidRequestError, UploadSourceError } from '../../src/index.js';
import { CHUNK, TOTAL, resumeHarness } from './support/resume-harness.js';
import { bytesOf } from './support/upload-kit.js';
import type { Es2024Buffer } from './support/watch-frees.js';

const h = resumeHarness();
afterEach(() => vi.restoreAllMocks());

/** A default (not byte) web stream of `bytes` in fresh 100-byte pieces, each kept in `given`. */
function freshPieceStream(bytes: Uint8Array, given: Uint8Array[]): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      const piece = bytes.slice(offset, offset + 100);
      given.push(piece);
      controller.enqueue(piece);
      offset += 100;
    },
  });
}

/** The same bytes as an async generator (a Node Readable is read the same way). */
async function* freshPieces(bytes: Uint8Array, given: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += 100) {
    const piece = bytes.slice(offset, offset + 100);
    given.push(piece);
    yield piece;
  }
}

/** Views into one buffer of the caller's (a file's bytes in memory). */
async function* viewsOf(bytes: Uint8Array, given: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += 100) {
    const view = bytes.subarray(offset, offset + 100);
    given.push(view);
    yield view;
  }
}

const detached = (piece: Uint8Array) => (piece.buffer as Es2024Buffer).detached;

const makers = [
  ['a default web stream', freshPieceStream],
  ['an async iterable', freshPieces],
] as const;

async function upload(bytes: Uint8Array, stream: unknown, transferPieces?: unknown) {
  const source = { stream, size: bytes.byteLength, transferPieces } as {
    stream: AsyncIterable<Uint8Array>;
    size: number;
  };
  const file = await h
    .client()
    .media.upload(source, { operation_type: 'tiny', filename: 'handed.bin', checkDigest: true });
  return h.recorder.simulator.fileBytes(file.id);
}

it.each(makers)('%s with transferPieces: every piece freed once copied', async (_name, make) => {
  const bytes = bytesOf(TOTAL * CHUNK - 17);
  const given: Uint8Array[] = [];
  expect(await upload(bytes, make(bytes, given), true)).toEqual(bytes);
  expect(given.length).toBeGreaterThan(TOTAL);
  expect(given.filter(detached)).toHaveLength(given.length);
});

it.each(makers)('%s without it: no piece of the caller’s is touched', async (_name, make) => {
  const bytes = bytesOf(TOTAL * CHUNK - 17);
  const given: Uint8Array[] = [];
  expect(await upload(bytes, make(bytes, given), false)).toEqual(bytes);
  expect(given.filter(detached)).toEqual([]);
  expect(given.map((piece) => piece.byteLength).reduce((a, b) => a + b)).toBe(bytes.byteLength);
});

it('views into a larger buffer are never freed, even with transferPieces', async () => {
  const bytes = bytesOf(TOTAL * CHUNK - 17);
  const kept = bytes.slice();
  const given: Uint8Array[] = [];
  expect(await upload(bytes, viewsOf(bytes, given), true)).toEqual(kept);
  expect(detached(bytes)).toBe(false);
  expect(bytes).toEqual(kept);
});

it('a buffer handed over then given again fails the upload as a short stream, never a corrupt file', async () => {
  const bytes = bytesOf(TOTAL * CHUNK - 17);
  const again = bytes.slice(0, 100);
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      // The first piece given twice: the second time, the upload already freed it.
      if (offset === 100) controller.enqueue(again);
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(offset === 0 ? again : bytes.slice(offset, offset + 100));
      offset += 100;
    },
  });
  // Its size counts the piece twice, as the bytes it means to give.
  const meant = new Uint8Array(bytes.byteLength + 100);
  const failed = await upload(meant, stream, true).catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(UploadSourceError);
  expect((failed as Error).message).toMatch(/ended after/);
  expect(await h.copiesOf('handed.bin')).toBe(0);
});

it('a transferPieces that is not a boolean is refused before anything is sent', async () => {
  const bytes = bytesOf(CHUNK);
  const given: Uint8Array[] = [];
  const refused = await upload(bytes, freshPieces(bytes, given), 'yes').catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect((refused as InvalidRequestError).message).toMatch(/source\.transferPieces.*true/);
  expect(given).toEqual([]); // the stream was never read
  expect(await h.copiesOf('handed.bin')).toBe(0);
});
