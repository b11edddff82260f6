import { describe, expect, it } from 'vitest';
import { AbortError } from '../../src/index.js';
import { FOREIGN_CONTROLLERS } from '../support/foreign-signal.js';
import { bytesOf, sinkClient } from './support/upload-kit.js';
import { useChunkSink } from './support/use-chunk-sink.js';

// signals19: an upload's `signal` that was another realm's (an iframe's, a `node:vm` context's) or
// a polyfill's was refused as "must be an AbortSignal", though the money calls took one; handed to
// the chunks' scheduler as it is, `AbortSignal.any` threw a TypeError. Taken now: it stops the
// upload as this realm's does.

const CHUNK = 1024;
const sink = useChunkSink({ operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } } });
const options = { operation_type: 'small', filename: 'a.bin', mime: 'image/gif' };

describe.each(FOREIGN_CONTROLLERS)("%s signal in an upload's options", (_, controllerOf) => {
  it('aborted already: an AbortError, nothing sent', async () => {
    const controller = controllerOf();
    controller.abort(new Error('the user left'));
    const error = await sinkClient(sink())
      .media.upload(bytesOf(10), { ...options, signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).cause).toMatchObject({ message: 'the user left' });
    expect(sink().chunks).toHaveLength(0);
  });

  it('aborted mid-upload: an AbortError, the source cancelled, no file made', async () => {
    let cancelled: unknown;
    const stream = new ReadableStream<Uint8Array>({
      start: (source) => source.enqueue(bytesOf(CHUNK)), // then never another byte
      cancel: (reason) => void (cancelled = reason ?? 'cancelled'),
    });
    const controller = controllerOf();
    const upload = sinkClient(sink()).media.upload(
      { stream, size: 3 * CHUNK },
      { ...options, signal: controller.signal },
    );
    await sink().until(() => sink().chunks.length === 1 && sink().inFlight() === 0);
    controller.abort(new Error('the user left'));
    const error = await upload.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).cause).toMatchObject({ message: 'the user left' });
    expect(cancelled).toBeDefined();
    expect(sink().finalizeCalls).toBe(0);
    expect(sink().files).toHaveLength(0);
  });
});
