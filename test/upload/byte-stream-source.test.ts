// A web byte stream (`type: 'bytes'`: a fetch body, a Blob's stream) is read without a fresh piece
// left to the garbage collector per read (issue 40). The runtime's own stream class hands each
// piece over to its reader, so the upload frees each once copied; a byte stream of another class
// is read through a BYOB reader into a buffer of the upload's own, so a source that fills it makes
// no piece at all. Either way, every promise of a stream source holds: bytes exact (md5 checked
// against the simulator), resumes, sizes checked, a stall ended by the abort and the stream
// cancelled.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, UploadError } from '../../src/index.js';
import { CHUNK, TOTAL, range, resumeHarness } from './support/resume-harness.js';
import { LibraryStream, byteStream, type ByteStreamOptions } from './support/byte-streams.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';
import { watchFrees } from './support/watch-frees.js';

const h = resumeHarness();
let n = 0;
afterEach(() => void vi.restoreAllMocks());

type Source = ReturnType<typeof byteStream>;

/** How each class of byte stream is read, checked on what the stream and the buffers saw. */
const kinds = [
  {
    kind: "the runtime's own ReadableStream (a fetch body's class)",
    Stream: ReadableStream,
    /**
     * Every piece is fresh (a default reader gives no buffer), and each is freed once the next is
     * asked for: all of them on a success; after a failure, the last one read may be left over.
     */
    expectRead(source: Source, frees: number[], failed = false) {
      expect(source.seen.fresh.length).toBeGreaterThan(0);
      const read = failed ? source.seen.fresh.slice(0, frees.length) : source.seen.fresh;
      expect(frees).toEqual(read);
      expect(frees.length).toBeGreaterThanOrEqual(source.seen.fresh.length - (failed ? 1 : 0));
    },
  },
  {
    kind: 'a byte stream of its own class (a library’s)',
    Stream: LibraryStream,
    /** Read into the upload's buffer: no piece made, none freed. */
    expectRead(source: Source, frees: number[], _failed = false) {
      expect(source.seen.filled).toBeGreaterThan(0);
      expect(source.seen.fresh).toEqual([]);
      expect(frees).toEqual([]);
    },
  },
];

function upload(source: Source, size: number, options: Record<string, unknown> = {}) {
  return h
    .client()
    .media.upload(
      { stream: source.stream, size },
      { operation_type: 'tiny', filename: `bytes-${++n}.bin`, ...options },
    );
}
const lastName = () => `bytes-${n}.bin`;

describe.each(kinds)('an upload from $kind', ({ Stream, expectRead }) => {
  const streamOf = (bytes: Uint8Array, options: ByteStreamOptions = {}) =>
    byteStream(bytes, { Stream, ...options });

  it.each([true, false])('is byte-exact (checkDigest: %s)', async (checkDigest) => {
    const frees = watchFrees();
    const bytes = bytesOf(TOTAL * CHUNK - 33);
    const source = streamOf(bytes);
    const file = await upload(source, bytes.byteLength, { checkDigest, concurrency: 3 });
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expectRead(source, frees);
  });

  it('resumes: the acknowledged bytes are read past (and hashed), the rest sent', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const name = `resumed-bytes-${++n}.bin`;
    const { store } = memoryUploadStore();
    const resume = { store, key: `byte-stream-${n}` };
    const first = streamOf(bytes);
    await h.cutOff({ stream: first.stream, size: bytes.byteLength }, { filename: name, resume }, 4);
    const frees = watchFrees();
    const second = streamOf(bytes);
    const { file, sent } = await h.finish(
      { stream: second.stream, size: bytes.byteLength },
      { filename: name, resume, checkDigest: true },
      name,
    );
    expect(sent).toEqual(range(4, TOTAL));
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expectRead(second, frees);
  });

  it('fails, finalizing nothing, when the stream ends before its size', async () => {
    const frees = watchFrees();
    const bytes = bytesOf(3 * CHUNK);
    const source = streamOf(bytes);
    const failed = upload(source, 4 * CHUNK);
    await expect(failed).rejects.toBeInstanceOf(UploadError);
    await expect(failed).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/ended after 768 bytes.*declared size is 1024/) },
    });
    expect(await h.copiesOf(lastName())).toBe(0);
    expectRead(source, frees, true);
  });

  it('fails, finalizing nothing, when the stream holds more than its size', async () => {
    const frees = watchFrees();
    const bytes = bytesOf(2 * CHUNK + 150);
    const source = streamOf(bytes);
    const failed = upload(source, 2 * CHUNK);
    await expect(failed).rejects.toMatchObject({
      name: 'UploadSourceError',
      cause: { message: expect.stringMatching(/holds at least 6\d\d bytes.*declared size is 512/) },
    });
    expect(await h.copiesOf(lastName())).toBe(0);
    expectRead(source, frees, true);
  });

  it('fails with the stream’s own error when it errs, finalizing nothing', async () => {
    const frees = watchFrees();
    const bytes = bytesOf(4 * CHUNK);
    const error = new Error('disk on fire');
    const source = streamOf(bytes, { failAt: { byte: 2 * CHUNK + 10, error } });
    const failed = upload(source, bytes.byteLength);
    await expect(failed).rejects.toMatchObject({ name: 'UploadSourceError', cause: error });
    expect(await h.copiesOf(lastName())).toBe(0);
    expectRead(source, frees, true);
  });

  it('stops a read the stream never answers when aborted, and cancels the stream', async () => {
    const frees = watchFrees();
    const bytes = bytesOf(4 * CHUNK);
    const source = streamOf(bytes, { stallAt: CHUNK + 50 });
    const controller = new AbortController();
    const stalled = upload(source, bytes.byteLength, { signal: controller.signal });
    await source.seen.stalled;
    controller.abort();
    await expect(stalled).rejects.toBeInstanceOf(AbortError);
    expect(source.seen.cancelled).toBe(true);
    expectRead(source, frees, true);
  });
});

describe('a byte stream of its own class that also enqueues pieces', () => {
  it('is read through its BYOB reader, byte-exact, and the pieces it made are not freed', async () => {
    const frees = watchFrees();
    const bytes = bytesOf(TOTAL * CHUNK - 5);
    const source = byteStream(bytes, { Stream: LibraryStream, enqueueEvery: 3, piece: 70 });
    const file = await upload(source, bytes.byteLength, { checkDigest: true });
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(source.seen.filled).toBeGreaterThan(0);
    expect(source.seen.fresh.length).toBeGreaterThan(0);
    // A library's class may keep what it hands out: only the runtime's own pieces are freed.
    expect(frees).toEqual([]);
  });
});
