// review17b: a pause (abort) cuts the calls of the chunks in flight, but a chunk whose request had
// gone out whole is stored by the service all the same, after the abort, and the paused call never
// hears of it. inflight17: the record names such chunks with the digest of the bytes each went
// with (`inFlight`), so a resume whose source changed in one starts afresh under a new name, and
// one whose source is the same counts the service's "chunk already exists" as delivered.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  type UploadOptions,
  type UploadRecord,
} from '../../src/index.js';
import { CHUNK, TOTAL, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A fetch whose requests, once out, reach the service whatever the call's signal says later. */
function fetchThatOutlivesAborts(onSent: (request: Request) => void) {
  const arrived: Array<Promise<unknown>> = [];
  const late: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const sent = fetch(new Request(request, { signal: new AbortController().signal }));
    onSent(request);
    arrived.push(sent.then((answer) => answer.clone().arrayBuffer()).catch(() => undefined));
    const aborted = new Promise<never>((_, reject) => {
      const stop = () => reject(request.signal.reason);
      if (request.signal.aborted) stop();
      request.signal.addEventListener('abort', stop);
    });
    return Promise.race([sent, aborted]);
  };
  return { late, landed: () => Promise.all(arrived) };
}

describe('a resume after a pause whose chunks in flight landed late', () => {
  const client = (fetch?: typeof globalThis.fetch) =>
    createClient({
      baseUrl: h.server.url,
      token: h.recorder.simulator.users.owner.token,
      retryBaseDelay: 1,
      logLevel: 'off',
      ...(fetch ? { fetch } : {}),
    });
  const name = 'late.png';

  /**
   * Pauses once a chunk is acknowledged and another chunk's request is out (whichever comes last,
   * never on timing); the chunks out then land after the abort.
   */
  async function pausedWithLateChunk(bytes: Uint8Array, options: UploadOptions) {
    const pause = new AbortController();
    let acknowledged = 0;
    let chunksSent = 0;
    const pauseOnceBoth = () =>
      void (acknowledged > 0 && chunksSent > acknowledged && pause.abort());
    const { late, landed } = fetchThatOutlivesAborts((request) => {
      if (request.method === 'PUT' || request.method === 'POST') chunksSent++;
      pauseOnceBoth();
    });
    const paused = await client(late)
      .media.upload(fileOf(bytes, name), {
        ...options,
        concurrency: 4,
        signal: pause.signal,
        onChunk: () => {
          acknowledged++;
          pauseOnceBoth();
        },
      })
      .catch((error: unknown) => error);
    expect(paused).toBeInstanceOf(AbortError);
    await landed();
  }

  /** Its record, and a chunk the service stored that the record does not name as acknowledged. */
  function unrecordedChunk(records: Map<string, unknown>) {
    const record = [...records.values()][0] as UploadRecord;
    const stored = h.recorder.trace(name).chunks.map((chunk) => chunk.index);
    const unrecorded = stored.find((index) => !record.acknowledged.includes(index))!;
    expect(unrecorded).toBeDefined(); // the service holds a chunk the record does not name
    return { record, unrecorded };
  }

  it.each([false, true])(
    'resolves with the changed source, never the late chunk (checkDigest: %s)',
    async (checkDigest) => {
      const { store, records } = memoryUploadStore();
      const options = { operation_type: 'tiny', resume: { store, key: 'late' }, checkDigest };
      const bytes = bytesOf(TOTAL * CHUNK);
      await pausedWithLateChunk(bytes, options);
      const { record, unrecorded } = unrecordedChunk(records);

      const changed = bytes.slice();
      changed[unrecorded * CHUNK + 5]! ^= 1;
      const file = await client().media.upload(fileOf(changed, name), {
        ...options,
        concurrency: 4,
      });
      expect(md5(h.recorder.simulator.fileBytes(file.id))).toBe(md5(changed));
      expect(record.inFlight?.map((chunk) => chunk.index)).toContain(unrecorded);
      // Afresh, under a new name: the late chunk, under the old one, is in no file.
      expect(h.recorder.namesOf(name)).toEqual([
        record.uploadName,
        expect.not.stringMatching(record.uploadName),
      ]);
      expect(records.size).toBe(0);
    },
  );

  it('the same source: resumes under its name, the late chunk counted as held', async () => {
    const { store, records } = memoryUploadStore();
    const options = { operation_type: 'tiny', resume: { store, key: 'late' } };
    const bytes = bytesOf(TOTAL * CHUNK);
    await pausedWithLateChunk(bytes, options);
    const { record, unrecorded } = unrecordedChunk(records);
    const held: number[] = [];
    const file = await client().media.upload(fileOf(bytes, name), {
      ...options,
      onChunk: (_, chunk) => void (chunk.alreadyHeld && held.push(chunk.index)),
    });
    expect(md5(h.recorder.simulator.fileBytes(file.id))).toBe(md5(bytes));
    expect(h.recorder.namesOf(name)).toEqual([record.uploadName]);
    expect(held).toContain(unrecorded); // answered chunk-already-exists: these very bytes
    expect(records.size).toBe(0);
  });

  it('a record written before inFlight existed still resumes', async () => {
    const { store, records } = memoryUploadStore();
    const options = { operation_type: 'tiny', resume: { store, key: 'old' } };
    const bytes = bytesOf(TOTAL * CHUNK);
    const pause = new AbortController();
    const paused = client().media.upload(fileOf(bytes, name), {
      ...options,
      concurrency: 1,
      signal: pause.signal,
      onChunk: (_, { index }) => void (index === 2 && pause.abort()),
    });
    await expect(paused).rejects.toBeInstanceOf(AbortError);
    const [key, stored] = [...records][0]!;
    const { inFlight: _dropped, ...old } = stored;
    records.set(key, old);
    const file = await client().media.upload(fileOf(bytes, name), options);
    expect(md5(h.recorder.simulator.fileBytes(file.id))).toBe(md5(bytes));
    expect(h.recorder.namesOf(name)).toEqual([stored.uploadName]);
  });
});
