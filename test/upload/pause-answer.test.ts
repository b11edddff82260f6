// A pause (an abort) while a chunk's answer is on its way: the chunk's bytes have all gone out and
// the service stored it. Cutting that answer would leave the chunk out of the resume record, and
// the resume would send it again only to be told `chunk-already-exists` (the red 400 a browser
// shows). The upload waits for that answer (up to ANSWER_GRACE_MS, held here by the test), so the
// resume sends only the chunks the service does not hold, and every request of it succeeds.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortError } from '../../src/index.js';
import { ANSWER_GRACE_MS } from '../../src/helpers/upload/chunk-stop.js';
import { holdTimers, type HeldTimers } from '../reliability/support/held-timers.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, memoryUploadStore, sinkClient } from './support/upload-kit.js';

const CHUNK = 1024;
let sink: ChunkSink;
let timers: HeldTimers;
const options = { operation_type: 'small', filename: 'a.bin', mime: 'image/gif' };

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
  });
  timers = holdTimers([ANSWER_GRACE_MS]);
});
afterEach(async () => {
  timers.restore();
  await sink.close();
});

const sentIndexes = () => sink.chunks.map((chunk) => chunk.index);

describe('pausing while a chunk is answered', () => {
  it('waits for that answer, records the chunk, and the resume sends only the rest', async () => {
    const { store, records } = memoryUploadStore();
    sink.fault(1, { kind: 'stored-held' });
    const controller = new AbortController();
    const resume = { store, key: 'k' };
    const bytes = bytesOf(4 * CHUNK);
    const upload = sinkClient(sink).media.upload(bytes, {
      ...options,
      concurrency: 1,
      resume,
      signal: controller.signal,
    });
    const settled = upload.catch((error: unknown) => error);
    await sink.until(() => sink.held().includes(1));
    controller.abort(new Error('pause'));
    // The chunk's bytes are all out: its request waits for the answer, within the grace.
    await timers.until(() => timers.pending(ANSWER_GRACE_MS) === 1);
    sink.release(1);
    expect(await settled).toBeInstanceOf(AbortError);
    expect(records.get('k')?.acknowledged).toEqual([0, 1]);

    const file = await sinkClient(sink).media.upload(bytes, { ...options, resume });
    // None sent twice (no chunk-already-exists). The resume sends 2 and 3 at the default
    // concurrency (4), on two connections: which one the sink reads first is not promised.
    const [first, second, ...resumed] = sentIndexes();
    expect([first, second]).toEqual([0, 1]);
    expect(resumed.sort((a, b) => a - b)).toEqual([2, 3]);
    expect(sink.files.find((f) => f.id === file.id)?.bytes).toEqual(bytes);
    expect(timers.pending(ANSWER_GRACE_MS)).toBe(0);
  });

  it('cuts that request once the grace runs out: the upload settles, nothing left in flight', async () => {
    sink.fault(0, { kind: 'hang' });
    const controller = new AbortController();
    const upload = sinkClient(sink).media.upload(bytesOf(2 * CHUNK), {
      ...options,
      concurrency: 1,
      signal: controller.signal,
    });
    const settled = upload.catch((error: unknown) => error);
    await sink.until(() => sink.chunks.length === 1);
    controller.abort();
    await timers.until(() => timers.pending(ANSWER_GRACE_MS) === 1);
    expect(timers.fire(ANSWER_GRACE_MS)).toBe(1);
    expect(await settled).toBeInstanceOf(AbortError);
    await sink.until(() => sink.inFlight() === 0);
    expect(sentIndexes()).toEqual([0]);
  });
});
