// upload24: a record write the upload gave up on (its user's store answered no `set` within
// `chunkTimeout`) may still land after the upload was finalized and its record deleted (loose23
// left this open): the store then holds a record of an upload already finished. What the next run
// of the same source with the same store did: it resumed that finished upload's name, sent the
// chunks the record did not name and finalized, then rejected saying the service had dropped
// chunks and "no file was made", or (a record saying finalize was sent) that the file "may exist".
// Now a late write is recognised: the upload marks its name finished before it deletes the record
// while a write is still out, and a run that reads a record of a finished upload starts afresh.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type UploadRecord, type UploadStore } from '../../src/index.js';
import { untilReal } from './support/real-clock-wait.js';
import { CHUNK, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';

const h = resumeHarness();
afterEach(() => void vi.useRealTimers());

/**
 * A store in a Map whose first write matching `stalls` answers only when the test lands it (a
 * remote store's request that came back late): it lands then, whatever came after it.
 */
function lateStore(stalls: (record: UploadRecord) => boolean) {
  const { store: memory, records } = memoryUploadStore();
  const state = { stalled: false, land: undefined as (() => Promise<void>) | undefined };
  const store: UploadStore = {
    ...memory,
    list: async () => [...records],
    set: (key, record) => {
      if (state.stalled || !stalls(record)) return memory.set(key, record);
      state.stalled = true;
      return new Promise<void>((resolve) => {
        state.land = () => memory.set(key, record).then(resolve);
      });
    },
  };
  return { store, records, state };
}

/** The records under the upload's resume key (not the marks kept beside them). */
const recordsIn = (kit: ReturnType<typeof lateStore>) =>
  [...kit.records.keys()].filter((key) => !key.includes('#closed:'));

/** The first upload: its stalled write given up on at chunkTimeout, then finalized. */
async function finishWithLateWrite(kit: ReturnType<typeof lateStore>, bytes: Uint8Array) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const upload = h.client().media.upload(fileOf(bytes, 'late.png'), {
    operation_type: 'tiny',
    concurrency: 1,
    chunkTimeout: 1_000,
    resume: { store: kit.store },
  });
  upload.catch(() => undefined); // judged below
  await untilReal(() => kit.state.stalled);
  await vi.advanceTimersByTimeAsync(1_000); // given up on: the upload goes on without it
  vi.useRealTimers();
  const file = await upload;
  expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
  expect(recordsIn(kit)).toEqual([]); // deleted once finalized
  await kit.state.land!(); // ...and then the late write lands
  expect(recordsIn(kit)).toHaveLength(1);
  return file;
}

describe('a record write that lands after the upload was finalized', () => {
  const cases: Array<[string, (record: UploadRecord) => boolean]> = [
    ['the write naming the last chunk before it goes', (r) => r.inFlight?.[0]?.index === 2],
    ['the write saying finalize is being sent', (r) => r.finalizeSent],
  ];
  it.each(cases)('%s: the next run of the source starts afresh', async (_, stalls) => {
    const bytes = bytesOf(3 * CHUNK);
    const kit = lateStore(stalls);
    const first = await finishWithLateWrite(kit, bytes);

    const { file, sent } = await h.finish(
      fileOf(bytes, 'late.png'),
      { concurrency: 1, resume: { store: kit.store } },
      'late.png',
    );
    expect(sent).toEqual([0, 1, 2]); // sent whole, under a name of its own
    expect(file.id).not.toBe(first.id);
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(recordsIn(kit)).toEqual([]);
    expect(h.warnings.join('\n')).toMatch(/already finished/);
  });
});

it('a record written late of an upload finalized is not listed as pending', async () => {
  const kit = lateStore((record) => record.finalizeSent);
  await finishWithLateWrite(kit, bytesOf(3 * CHUNK));
  const client = createClient({ baseUrl: h.server.url, token: 'unused' });
  expect(await client.media.pendingUploads(kit.store)).toEqual([]);
});
