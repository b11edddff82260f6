// loose25: when a finalized upload's record is deleted while a write of it is still out (given up
// on at `chunkTimeout`), the upload first writes the closed mark (`<key>#closed:<name>`), without
// waiting for it (upload24). A store that refused that write, by rejecting or by throwing at once,
// was not heard: its owner never learned that the late write may bring the record back. It is a
// warning through the client's logger now, as the store's other failures are, and never an
// unhandled rejection in the user's process.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadRecord, UploadStore } from '../../src/index.js';
import { untilReal } from './support/real-clock-wait.js';
import { CHUNK, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';

const h = resumeHarness();
afterEach(() => void vi.useRealTimers());

const REFUSED = 'the store is read-only';

/**
 * A store in a Map whose write saying finalize is being sent answers only when the test lands it,
 * and whose every write of a closed mark fails: `refuse` (a rejected promise, or a throw at once).
 */
function markRefusingStore(refuse: () => Promise<void>) {
  const { store: memory, records } = memoryUploadStore();
  const state = { stalled: false, land: undefined as (() => Promise<void>) | undefined };
  const store: UploadStore = {
    ...memory,
    set: (key: string, record: UploadRecord) => {
      if (key.includes('#closed:')) return refuse();
      if (state.stalled || !record.finalizeSent) return memory.set(key, record);
      state.stalled = true;
      return new Promise<void>((resolve) => {
        state.land = () => memory.set(key, record).then(resolve);
      });
    },
  };
  return { store, records, state };
}

const refusals: Array<[string, () => Promise<void>]> = [
  ['rejects', () => Promise.reject(new Error(REFUSED))],
  [
    'throws at once',
    () => {
      throw new Error(REFUSED);
    },
  ],
];

describe('a store that refuses to write the closed mark', () => {
  it.each(refusals)(
    '%s: a warning says so, the upload resolves with its file',
    async (_, refuse) => {
      const unhandled: unknown[] = [];
      const heard = (reason: unknown) => void unhandled.push(reason);
      process.on('unhandledRejection', heard);
      try {
        const kit = markRefusingStore(refuse);
        const bytes = bytesOf(3 * CHUNK);
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        const upload = h.client().media.upload(fileOf(bytes, 'unmarked.png'), {
          operation_type: 'tiny',
          concurrency: 1,
          chunkTimeout: 1_000,
          resume: { store: kit.store },
        });
        upload.catch(() => undefined); // judged below
        await untilReal(() => kit.state.stalled);
        await vi.advanceTimersByTimeAsync(1_000); // the "finalize sent" write is given up on
        vi.useRealTimers();

        const file = await upload;
        expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
        const warned = () => h.warnings.find((line) => line.includes('the closed mark of upload'));
        await untilReal(() => warned() !== undefined);
        expect(warned()).toMatch(
          new RegExp(
            `^\\[seatpay\\] upload resume: the closed mark of upload \\S+ could not be written \\(Error: ${REFUSED}\\); a late write may bring its record back$`,
          ),
        );
        expect([...kit.records.keys()].filter((key) => key.includes('#closed:'))).toEqual([]);
        // A rejection nobody handles is reported once the loop turns: it has turned.
        await new Promise((resolve) => setImmediate(resolve));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', heard);
      }
    },
  );
});
