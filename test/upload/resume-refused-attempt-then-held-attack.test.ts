// redteam45: a resumed upload's chunk whose first attempt was refused (429: nothing stored) and
// whose retry was answered `chunk-already-exists`: the retry did not meet its own attempt's chunk,
// it met one an earlier run sent and never recorded (it crashed first), with the bytes the source
// had then. The resume counted it as delivered ("an attempt before may have stored it") and,
// without `checkDigest`, resolved with a file holding the old bytes there.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AbortError, UploadError, type UploadRecord } from '../../src/index.js';
import { freshUserClient } from './support/fresh-user-client.js';
import { CHUNK, useTinyUploadServer } from './support/tiny-upload-server.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const server = useTinyUploadServer();
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A fetch that answers the first chunk request 429 (the service stored nothing), once `armed`. */
function refusingFirstChunk() {
  const state = { armed: false, refused: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const chunk = request.method === 'POST' && new URL(request.url).pathname.endsWith('/chunk');
    if (!chunk || !state.armed || state.refused > 0) return globalThis.fetch(request);
    state.refused++;
    await request.body?.cancel();
    return new Response(JSON.stringify({ detail: 'slow down' }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '0' },
    });
  };
  return { fetch, state };
}

describe('a resumed chunk refused once, then answered chunk-already-exists', () => {
  it('is not counted as delivered: the earlier run that sent it never recorded its bytes', async () => {
    const { fetch, state } = refusingFirstChunk();
    const client = freshUserClient(server(), fetch, { retryBaseDelay: 1 });
    const { store, records } = memoryUploadStore();
    const options = {
      operation_type: 'tiny',
      filename: 'refused.png',
      concurrency: 1,
      resume: { store, key: 'refused' },
    };
    const bytes = bytesOf(4 * CHUNK);
    const pause = new AbortController();
    const paused = client.media.upload(bytes, {
      ...options,
      signal: pause.signal,
      onChunk: (_, { index }) => void (index === 1 && pause.abort()),
    });
    await expect(paused).rejects.toBeInstanceOf(AbortError);
    const record = records.get('refused') as UploadRecord;
    expect(record.acknowledged).toEqual([0, 1]);
    expect(record.inFlight ?? []).toEqual([]);
    // The run that crashed after sending chunk 2, before any write recorded its bytes.
    await client.media.uploadChunk({
      operation_type: 'tiny',
      total_chunks: 4,
      filename: record.uploadName,
      mime: 'image/png',
      chunk_index: 2,
      chunk: bytes.slice(2 * CHUNK, 3 * CHUNK),
    });

    const changed = bytes.slice();
    changed[2 * CHUNK + 7]! ^= 1;
    state.armed = true;
    const outcome = await client.media.upload(changed, options).catch((e: unknown) => e);
    expect(state.refused).toBe(1);
    if (!(outcome instanceof UploadError)) {
      // What it did: a file of the old bytes, resolved.
      const file = outcome as { id: number };
      expect(md5(server().simulator.fileBytes(file.id))).toBe(md5(changed));
    }
    expect(outcome).toBeInstanceOf(UploadError);
    expect((outcome as UploadError).failedChunks).toEqual([2]);
    expect((outcome as UploadError).message).toMatch(/already holds chunk 2/);
    // Its record is gone: the same key starts afresh, and resolves with the source's bytes.
    expect(records.size).toBe(0);
    const file = await client.media.upload(changed, options);
    expect(md5(server().simulator.fileBytes(file.id))).toBe(md5(changed));
  });
});
