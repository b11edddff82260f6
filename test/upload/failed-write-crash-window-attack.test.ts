// redteam54: a record write that failed deleted the record written before (redteam51), but the
// chunk whose write failed went out at once, beside that delete: a crash (a kill, a power cut)
// before the delete landed left the old record, which names none of that chunk, while the
// service held it. The next run resumed from that record, and with the file changed there and
// its first answer lost, resolved with the old bytes (redteam51's case). The chunk now waits for
// the delete (at most `chunkTimeout`), as it waits for a write naming it.
import { expect, it } from 'vitest';
import { createClient, type UploadRecord, type UploadStore } from '../../src/index.js';
import { CHUNK, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf } from './support/upload-kit.js';

const h = resumeHarness();

it('sends the chunk a failed write did not record only once the old record is gone', async () => {
  const records = new Map<string, UploadRecord>();
  let failed = false;
  let land: (() => void) | undefined;
  /** Settles when the first delete is asked (the failed write's). */
  let deleteAsked!: () => void;
  const asked = new Promise<void>((resolve) => (deleteAsked = resolve));
  const store: UploadStore = {
    get: async (key) => structuredClone(records.get(key)),
    set: async (key, record) => {
      // The write naming chunk 2 before it leaves fails, once.
      if (!failed && record.inFlight?.some(({ index }) => index === 2)) {
        failed = true;
        throw new Error('ENOSPC: no space left on device');
      }
      records.set(key, structuredClone(record));
    },
    // A store's round trip: the first delete lands when the test says.
    delete: (key) =>
      land
        ? Promise.resolve(void records.delete(key))
        : new Promise<void>((resolve) => {
            land = () => resolve(void records.delete(key));
            deleteAsked();
          }),
  };
  /** Whether the store still held the record written before, as each chunk left. */
  const recordedAsSent: boolean[] = [];
  const client = createClient({
    baseUrl: h.server.url,
    token: h.recorder.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname.endsWith('/chunk')) recordedAsSent.push(records.size > 0);
      return fetch(request);
    },
  });
  const upload = client.media.upload(fileOf(bytesOf(4 * CHUNK), 'crash-window.png'), {
    operation_type: 'tiny',
    concurrency: 1,
    resume: { store },
  });
  // The failed write's delete is asked; it lands once the test says.
  await asked;
  land!();
  await upload;
  expect(failed).toBe(true);
  // Chunks 0 and 1 are named by the record; chunk 2 (the failed write's) left once it was gone.
  expect(recordedAsSent).toEqual([true, true, false, false]);
});
