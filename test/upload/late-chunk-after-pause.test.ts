// review17b: a pause (abort) cuts the calls of the chunks in flight, but a chunk whose request had
// gone out whole is stored by the service all the same, after the abort, and the paused call never
// hears of it: its record does not name it. A resume then gets "chunk already exists" for it and
// counts it held, whatever bytes the source has there now. With `checkDigest`, a source changed in
// that chunk (a file rewritten with its modification time kept, bytes of the same resume key) never
// resolves as uploaded: the file the service assembled is named by another md5.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AbortError, UploadDigestMismatchError, createClient } from '../../src/index.js';
import { CHUNK, TOTAL, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A fetch whose requests, once out, reach the service whatever the call's signal says later. */
function fetchThatOutlivesAborts() {
  const arrived: Array<Promise<unknown>> = [];
  const late: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const sent = fetch(new Request(request, { signal: new AbortController().signal }));
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

  it('never resolves with the late chunk when the source changed there (checkDigest)', async () => {
    const { store, records } = memoryUploadStore();
    const options = { operation_type: 'tiny', resume: { store, key: 'late' }, checkDigest: true };
    const bytes = bytesOf(TOTAL * CHUNK);
    const { late, landed } = fetchThatOutlivesAborts();
    const pause = new AbortController();
    const paused = await client(late)
      .media.upload(fileOf(bytes, 'late.png'), {
        ...options,
        concurrency: 4,
        signal: pause.signal,
        onChunk: () => pause.abort(),
      })
      .catch((error: unknown) => error);
    expect(paused).toBeInstanceOf(AbortError);
    await landed();
    const recorded = [...records.values()][0]!.acknowledged;
    const stored = h.recorder.trace('late.png').chunks.map((chunk) => chunk.index);
    const unrecorded = stored.find((index) => !recorded.includes(index))!;
    expect(unrecorded).toBeDefined(); // the service holds a chunk the record does not name

    const changed = bytes.slice();
    changed[unrecorded * CHUNK + 5]! ^= 1;
    const resumed = await client()
      .media.upload(fileOf(changed, 'late.png'), { ...options, concurrency: 4 })
      .catch((error: unknown) => error);
    expect(resumed).toBeInstanceOf(UploadDigestMismatchError);
    expect(resumed).toMatchObject({
      expectedMd5: md5(changed),
      receivedMd5: expect.not.stringMatching(md5(changed)),
    });
  });
});
