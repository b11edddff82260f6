// redteam48: a run that crashed once the service stored a chunk, before any record write named it
// (its digest went into the record with the write after the send), then a resume with other bytes
// there whose first answer for that chunk is lost (the connection drops after the service
// answered). The retry's `chunk-already-exists` was taken as this run's own attempt's, and,
// without `checkDigest`, the upload resolved with a file holding the crashed run's bytes there.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AbortError, type UploadRecord } from '../../src/index.js';
import { freshUserClient } from './support/fresh-user-client.js';
import { CHUNK, useTinyUploadServer } from './support/tiny-upload-server.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const server = useTinyUploadServer();
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** The index a chunk request carries, or undefined for any other request. */
async function chunkIndexOf(request: Request): Promise<number | undefined> {
  const chunk = request.method === 'POST' && new URL(request.url).pathname.endsWith('/chunk');
  if (!chunk) return undefined;
  return Number((await request.clone().formData()).get('chunk_index'));
}

describe('a chunk stored by a run that crashed before its record named it', () => {
  it("is not taken for a resume's own when the resume's first answer for it is lost", async () => {
    const { store, records } = memoryUploadStore();
    const options = {
      operation_type: 'tiny',
      filename: 'crashed.png',
      concurrency: 1,
      resume: { store, key: 'crashed' },
    };
    const bytes = bytesOf(4 * CHUNK);

    // Run 1: the process dies as chunk 2 reaches the service, which stores it. What the store held
    // at that moment is all a crash leaves.
    let onDisk: Map<string, UploadRecord> | undefined;
    const crash = new AbortController();
    const crashing: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if ((await chunkIndexOf(request)) !== 2) return globalThis.fetch(request);
      onDisk = structuredClone(records);
      await globalThis.fetch(request);
      crash.abort();
      return new Promise<Response>(() => undefined);
    };
    // One user for both runs (the service keeps a user's chunks), through the run's own network.
    let network = crashing;
    const client = freshUserClient(server(), (input, init) => network(input, init), {
      retryBaseDelay: 1,
    });
    const crashed = client.media.upload(bytes, { ...options, signal: crash.signal });
    await expect(crashed).rejects.toBeInstanceOf(AbortError);
    records.clear();
    for (const [key, record] of onDisk!) records.set(key, record);

    // Run 2, same user, chunk 2 changed: its first answer is lost after the service answered.
    const changed = bytes.slice();
    changed[2 * CHUNK + 7]! ^= 1;
    let lost = 0;
    const losing: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const answer = await globalThis.fetch(request.clone());
      if ((await chunkIndexOf(request)) === 2 && lost++ === 0) {
        throw new TypeError('fetch failed: socket hang up');
      }
      return answer;
    };
    network = losing;
    const file = await client.media.upload(changed, options);
    expect(lost).toBeGreaterThan(0);
    expect(md5(server().simulator.fileBytes(file.id))).toBe(md5(changed));
  });
});
