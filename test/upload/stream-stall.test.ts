// A stream that stops giving bytes without ending, where no attempt is waiting on it: the first
// chunk (read whole before it goes), every chunk where a `fetch` is given to the client (read whole,
// then sent), the wait for the end after the last declared byte. No timeout covered those reads, so
// with no signal the upload waited for good. It now fails as a source that stalled once the stream
// gave nothing for `chunkTimeout`, cancels the stream, and finalizes nothing. (A chunk sent while
// it is read stalls on its attempts' timeouts, as before: test/upload/stream-sending.test.ts.)
// Without the fix each upload below never settles, and the test times out.
import { Readable } from 'node:stream';
import { describe, it as base } from 'vitest';
import { UploadSourceError } from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sinkClient } from './support/upload-kit.js';

const CHUNK = 64 * 1024;
const SIZE = 3 * CHUNK + CHUNK / 2;
/**
 * The upload's chunkTimeout, the stall's bound: long enough that the chunks that do go out are not
 * timed out on a loaded machine (an attempt that is retries, the stall still ends the upload).
 */
const TIMEOUT = 2_000;

/**
 * Each test's own sink: the tests run at once (each waits TIMEOUT of real time for its stall, and
 * the waits overlap), so none shares a sink or its counts.
 */
const it = base.extend<{ sink: ChunkSink }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from it
  sink: async ({}, use) => {
    const sink = await startChunkSink({
      operationTypes: { parts: { chunk_size: CHUNK, max_chunks: null } },
    });
    await use(sink);
    await sink.close();
  },
});

/** A web stream that gives the first `upTo` bytes of `bytes`, then nothing, and never ends. */
function stallingWebStream(bytes: Uint8Array, upTo: number) {
  const seen = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < upTo; at += 4096) {
        controller.enqueue(bytes.slice(at, Math.min(upTo, at + 4096)));
      }
    },
    cancel: () => void (seen.cancelled = true),
  });
  return { stream, seen };
}

/** The same as a Node Readable (an async iterable); cancelled is destroyed. */
function stallingReadable(bytes: Uint8Array, upTo: number) {
  const stream = new Readable({ read: () => undefined });
  stream.push(bytes.subarray(0, upTo));
  return {
    stream,
    seen: {
      get cancelled() {
        return stream.destroyed;
      },
    },
  };
}

const cases = [
  { what: 'half its first chunk (read whole before it goes)', upTo: CHUNK / 2, chunk: 0 },
  { what: 'every declared byte, then never ends', upTo: SIZE, chunk: 3 },
] as const;

describe.concurrent('a stall no attempt waits on', () => {
  it.for(cases)(
    'a web stream that gives $what fails as stalled',
    async ({ upTo, chunk }, { sink, expect }) => {
      const bytes = bytesOf(SIZE);
      const { stream, seen } = stallingWebStream(bytes, upTo);
      const upload = sinkClient(sink).media.upload(
        { stream, size: SIZE },
        { operation_type: 'parts', filename: 'live.bin', chunkTimeout: TIMEOUT },
      );
      const error: unknown = await upload.catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(UploadSourceError);
      expect(error).toMatchObject({ failedChunks: [chunk] });
      expect((error as Error).message).toContain(`did not end for ${TIMEOUT} ms`);
      expect((error as Error).message).toContain(`after ${upTo} bytes: it stalled`);
      expect(seen.cancelled).toBe(true);
      expect(sink.finalizeCalls).toBe(0);
    },
  );

  it.for(cases)(
    'a Node Readable that gives $what fails as stalled',
    async ({ upTo, chunk }, { sink, expect }) => {
      const bytes = bytesOf(SIZE);
      const { stream, seen } = stallingReadable(bytes, upTo);
      const upload = sinkClient(sink).media.upload(
        { stream, size: SIZE },
        { operation_type: 'parts', filename: 'live.bin', chunkTimeout: TIMEOUT },
      );
      await expect(upload).rejects.toMatchObject({
        name: 'UploadSourceError',
        failedChunks: [chunk],
      });
      expect(seen.cancelled).toBe(true);
      expect(sink.finalizeCalls).toBe(0);
    },
  );

  it('with a fetch given to the client (each chunk read whole, then sent), a stall mid-chunk fails as stalled', async ({
    sink,
    expect,
  }) => {
    const bytes = bytesOf(SIZE);
    const { stream, seen } = stallingWebStream(bytes, CHUNK + CHUNK / 2);
    const client = sinkClient(sink, { fetch: (input, init) => fetch(input, init) });
    const upload = client.media.upload(
      { stream, size: SIZE },
      { operation_type: 'parts', filename: 'live.bin', chunkTimeout: TIMEOUT },
    );
    await expect(upload).rejects.toMatchObject({ name: 'UploadSourceError', failedChunks: [1] });
    expect(seen.cancelled).toBe(true);
    expect(sink.finalizeCalls).toBe(0);
    // Chunk 1, never read whole, never went out.
    expect(sink.chunks.some((seenChunk) => seenChunk.index === 1)).toBe(false);
  });

  it('a chunk answered before its body was all sent (chunk-already-exists), then a stall: fails as stalled', async ({
    sink,
    expect,
  }) => {
    // The attempt sending chunk 1 while it is read waits for bytes when the answer comes: that wait
    // is no attempt's once the call settled, and the stream's stall is no longer put off for it.
    const bytes = bytesOf(SIZE);
    const { stream, seen } = stallingWebStream(bytes, CHUNK + CHUNK / 2);
    const held = { status: 400, body: { detail: 'chunk-already-exists', status_code: 400 } };
    const upload = sinkClient(sink).media.upload(
      { stream, size: SIZE },
      {
        operation_type: 'parts',
        filename: 'live.bin',
        chunkTimeout: TIMEOUT,
        concurrency: 1,
        // Chunk 1 starts once chunk 0 is delivered: its request is the one answered early.
        onChunk: (_, { index }) => void (index === 0 && sink.answerEarly(held)),
      },
    );
    await expect(upload).rejects.toMatchObject({ name: 'UploadSourceError', failedChunks: [1] });
    expect(sink.earlyAnswered).toBe(1);
    expect(seen.cancelled).toBe(true);
    expect(sink.finalizeCalls).toBe(0);
  });
});
