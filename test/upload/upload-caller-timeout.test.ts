// The caller's own `AbortSignal.timeout(...)` firing mid-upload is a TimeoutError, as a plain call
// and every other helper tell it (loose13): it was a bare AbortError. A plain abort stays an
// AbortError: the pause pattern of docs/uploads.md relies on it. Ordered by events: the signal
// fires as the first chunk's progress is told, the second chunk not yet acknowledged; no clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sinkClient } from './support/upload-kit.js';

const CHUNK = 1024;

describe("an upload whose caller's signal fires between its chunks", () => {
  let sink: ChunkSink;
  beforeEach(async () => {
    sink = await startChunkSink({
      operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
    });
  });
  afterEach(() => sink.close());

  /** The upload's error, its signal aborted with `reason` once a first chunk was acknowledged. */
  async function stoppedWith(reason: unknown): Promise<unknown> {
    const controller = new AbortController();
    const upload = sinkClient(sink).media.upload(bytesOf(3 * CHUNK), {
      operation_type: 'small',
      filename: 'a.bin',
      concurrency: 1,
      signal: controller.signal,
      onProgress: ({ loadedBytes }) => {
        if (loadedBytes > 0) controller.abort(reason);
      },
    });
    return upload.then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  it('by its AbortSignal.timeout: a TimeoutError that says what to do, nothing finalized', async () => {
    const reason = new DOMException('signal timed out', 'TimeoutError');
    const error = await stoppedWith(reason);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false, cause: reason });
    expect((error as Error).message).toMatch(
      /caller's signal timed out .*file was not made: upload again with more time/,
    );
    expect(sink.finalizeCalls).toBe(0);
  });

  /** The upload's error, its signal aborted with `reason` once the service made the file. */
  async function stoppedOnceFinalized(reason: unknown): Promise<unknown> {
    const controller = new AbortController();
    // The service has made the file; its answer is not yet read when the signal fires.
    void sink.until(() => sink.files.length > 0).then(() => controller.abort(reason));
    const upload = sinkClient(sink).media.upload(bytesOf(2 * CHUNK), {
      operation_type: 'small',
      filename: 'a.bin',
      signal: controller.signal,
    });
    return upload.then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  it('by its AbortSignal.timeout once its finalize was sent: says the file may exist', async () => {
    const reason = new DOMException('signal timed out', 'TimeoutError');
    const error = await stoppedOnceFinalized(reason);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true, cause: reason });
    expect((error as Error).message).toMatch(/file may exist: check the service/);
  });

  it('by a plain abort once its finalize was sent: an AbortError that says the file may exist', async () => {
    // It said "The operation was aborted": a pause resumed without `resume` makes a second copy.
    const reason = new Error('paused');
    const error = await stoppedOnceFinalized(reason);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true, cause: reason });
    expect((error as Error).message).toMatch(/file may exist: check the service/);
  });

  it('by a plain abort (a pause): still an AbortError', async () => {
    const error = await stoppedWith(new Error('paused'));
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(sink.finalizeCalls).toBe(0);
  });
});
