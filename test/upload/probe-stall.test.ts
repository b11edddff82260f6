// After a bare network error ("Failed to fetch", as a browser fails the request of a File whose file
// changed), the upload reads one byte of the Blob chunk to tell a changed source from the network.
// That read may never settle (a Blob on a stalled network drive, a caller's Blob whose reads hang):
// it is bounded by the chunk's timeout, and one that runs out tells nothing, so the failure stays
// the network's (retried as any other) and the upload settles. The clock is the test's, moved once
// the probe's read has started; nothing here waits on the real clock.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ConnectionError, UploadSourceError } from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sinkClient } from './support/upload-kit.js';

const CHUNK = 1024;
const CHUNK_TIMEOUT = 30_000;
const options = { operation_type: 'small', filename: 'clip.bin', mime: 'video/mp4' };
let sink: ChunkSink;

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await sink.close();
});

/**
 * A Blob whose one-byte slices never give their bytes (every other slice reads as usual): only
 * the probe reads one byte. `probed` settles when that read is first asked for, `probes` counts them.
 */
function stalledOnProbe(bytes: Uint8Array) {
  let started = () => undefined as void;
  const probed = new Promise<void>((resolve) => (started = resolve));
  let count = 0;
  const never = () => {
    count++;
    started();
    return new Promise<never>(() => undefined);
  };
  class StalledBlob extends Blob {
    override slice(start?: number, end?: number, type?: string): Blob {
      const part = super.slice(start, end, type);
      if (part.size !== 1) return new StalledBlob([part]);
      return Object.assign(part, { arrayBuffer: never, bytes: never, text: never });
    }
  }
  return { blob: new StalledBlob([bytes as BlobPart]), probed, probes: () => count };
}

/**
 * A client of the sink whose chunk requests all fail as a browser's do, with nothing more than a
 * TypeError; its other requests go through.
 */
function browserLikeClient(maxRetries: number, totalTimeout?: number) {
  const attempts: string[] = [];
  const chunksFail: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.endsWith('/chunk')) return fetch(request);
    attempts.push(request.url);
    throw new TypeError('Failed to fetch');
  };
  const timeouts = totalTimeout === undefined ? {} : { totalTimeout };
  return { client: sinkClient(sink, { fetch: chunksFail, maxRetries, ...timeouts }), attempts };
}

/** Whether `upload` has settled yet, either way. */
function settledYet(upload: Promise<unknown>): () => boolean {
  let settled = false;
  upload.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

/** `upload` failed as the network failure it was (chunk 0's), never as a changed source. */
async function expectNetworkFailure(upload: Promise<unknown>) {
  const error: unknown = await upload.catch((failure: unknown) => failure);
  expect(error).toMatchObject({ name: 'UploadError', failedChunks: [0] });
  expect(error).not.toBeInstanceOf(UploadSourceError);
  expect((error as Error).cause).toBeInstanceOf(ConnectionError);
}

it('a probe read that never settles: the upload fails as the network failure it was, once a chunk timeout passes', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { blob, probed } = stalledOnProbe(bytesOf(CHUNK));
  const { client, attempts } = browserLikeClient(0);
  const upload = client.media.upload(blob, { ...options, chunkTimeout: CHUNK_TIMEOUT });
  const settled = settledYet(upload);
  await probed;
  await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT - 1);
  expect(settled()).toBe(false); // the probe had its time
  await vi.advanceTimersByTimeAsync(1);
  expect(settled()).toBe(true);
  await expectNetworkFailure(upload);
  expect(attempts).toHaveLength(1);
});

it('with retries: each attempt after a stalled probe is retried as before, then the upload fails as the network failure', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { blob, probes } = stalledOnProbe(bytesOf(CHUNK));
  const { client, attempts } = browserLikeClient(2);
  const upload = client.media.upload(blob, { ...options, chunkTimeout: CHUNK_TIMEOUT });
  const settled = settledYet(upload);
  // Each failed attempt probes; the retries' backoffs (retryBaseDelay 1) pass as the clock moves
  // a millisecond at a time, until the third attempt failed and its probe started.
  while (probes() < 3) await vi.advanceTimersByTimeAsync(1);
  expect(attempts).toHaveLength(3);
  // That probe started within the last millisecond step: it has its time, less at most that step.
  await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT - 2);
  expect(settled()).toBe(false);
  await vi.advanceTimersByTimeAsync(2);
  expect(settled()).toBe(true);
  await expectNetworkFailure(upload);
  expect(attempts).toHaveLength(3);
});

it("a client's totalTimeout below the chunk timeout: the probe ends with the call's total time", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const TOTAL_TIMEOUT = 5_000;
  const { blob, probed } = stalledOnProbe(bytesOf(CHUNK));
  const { client, attempts } = browserLikeClient(0, TOTAL_TIMEOUT);
  const upload = client.media.upload(blob, { ...options, chunkTimeout: CHUNK_TIMEOUT });
  const settled = settledYet(upload);
  // The chunk's call started and failed, and its probe started, with the clock still where the
  // call started: the probe has what is left of the call's total time, all of it.
  await probed;
  await vi.advanceTimersByTimeAsync(TOTAL_TIMEOUT - 1);
  expect(settled()).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(settled()).toBe(true); // not a chunk timeout later
  await expectNetworkFailure(upload);
  expect(attempts).toHaveLength(1);
});
