// A resume record's `inFlight` (the chunks out at a pause, with their digests) is read from a store
// that may hold anything: a record whose `inFlight` is malformed is not adopted (not listed, not
// resumed from), one without it (written before it) or with a well-formed one is.
import { describe, expect, it } from 'vitest';
import { localStorageUploadStore } from '../../src/index.js';
import { CHUNK, TOTAL, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, sha256 } from './support/upload-kit.js';
import { webStorage } from '../support/web-storage.js';

const h = resumeHarness();

/** A store holding one paused upload's record, its `inFlight` set to `inFlight` (undefined: none). */
async function recordWith(inFlight: unknown) {
  const storage = webStorage();
  const store = localStorageUploadStore(storage);
  await h.cutOff(fileOf(bytesOf(TOTAL * CHUNK - 10), 'talk.png'), { resume: { store } }, 3);
  const client = h.client();
  await client.media.pendingUploads(store); // waits for the paused upload's last record write
  const [key, text] = [...storage.items].find(([, value]) => value.includes('"uploadName"'))!;
  const { inFlight: _written, ...record } = JSON.parse(text) as Record<string, unknown>;
  storage.setItem(key, JSON.stringify(inFlight === undefined ? record : { ...record, inFlight }));
  return { client, store };
}

const digest = sha256(bytesOf(CHUNK));

describe("a resume record's inFlight, as a store gives it back", () => {
  it.each([
    ['absent (a record written before it)', undefined],
    ['a chunk of the plan with a SHA-256', [{ index: TOTAL - 1, digest }]],
  ])('%s: the record is listed', async (_, inFlight) => {
    const { client, store } = await recordWith(inFlight);
    expect(await client.media.pendingUploads(store)).toHaveLength(1);
  });

  it.each([
    ['not an array', { index: 1, digest }],
    ['a chunk past the plan', [{ index: TOTAL, digest }]],
    ['a negative index', [{ index: -1, digest }]],
    ['a digest that is no SHA-256', [{ index: 1, digest: 'abc' }]],
    ['an entry that is null', [null]],
  ])('%s: the record is not adopted', async (_, inFlight) => {
    const { client, store } = await recordWith(inFlight);
    expect(await client.media.pendingUploads(store)).toEqual([]);
  });
});
