// redteam51: a record write the upload gave up on (its chunk waited `chunkTimeout` for it) still
// held every later chunk until the store's own bound on that write ran out: up to one more
// `chunkTimeout` of an upload standing still, its resume already lost. The store here answers its
// lock's `held()` late and then never finishes the write; the clock is the test's.
import { afterEach, expect, it, vi } from 'vitest';
import type { UploadRecord, UploadStore } from '../../src/index.js';
import { untilReal } from './support/real-clock-wait.js';
import { CHUNK, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, sha256 } from './support/upload-kit.js';

const h = resumeHarness();
afterEach(() => void vi.useRealTimers());

it('sends the chunks after a record write it gave up on without waiting for that write', async () => {
  const bytes = bytesOf(3 * CHUNK);
  const name = 'given-up-write.png';
  const writes: UploadRecord[] = [];
  /**
   * The lock's second ask (chunk 0's check, then the write of the record naming chunk 0 in
   * flight): answered when the test says, and the write after it never ends.
   */
  let lateHeld: (() => void) | undefined;
  let asks = 0;
  let stall = false;
  const store: UploadStore = {
    get: async () => undefined,
    delete: async () => undefined,
    set: (_key, record) => {
      if (!stall) return Promise.resolve(void writes.push(structuredClone(record)));
      return new Promise<void>(() => undefined); // the write that never ends
    },
    lock: async () =>
      Object.assign(async () => undefined, {
        held: () =>
          ++asks !== 2
            ? Promise.resolve(true)
            : new Promise<boolean>((resolve) => {
                stall = true;
                lateHeld = () => resolve(true);
              }),
      }),
  };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const upload = h.client().media.upload(fileOf(bytes, name), {
    operation_type: 'tiny',
    concurrency: 1,
    chunkTimeout: 1_000,
    resume: { store },
  });
  upload.catch(() => undefined); // judged below
  // Chunk 0 waits for the record naming it, whose write first asks the lock: late, then stuck.
  await untilReal(() => lateHeld !== undefined);
  expect(writes.at(-1)?.inFlight).toBeUndefined(); // the record naming chunk 0 is not written
  await vi.advanceTimersByTimeAsync(999);
  lateHeld!(); // the write goes to the store at 999 ms, bounded at 1,999 ms, and never ends
  await vi.advanceTimersByTimeAsync(1); // chunk 0's wait for it ends at 1,000 ms: sent without
  // Chunks 1 and 2 go now, on the clock at 1,000 ms: nothing waits on the write still out.
  const sent = () => h.recorder.trace(name).chunks.length;
  // Its three chunks go without the write: a hang here (the test timeout) is the defect.
  await untilReal(() => sent() === 3);
  await vi.advanceTimersByTimeAsync(1_000); // finalize waits for the write's end, then goes
  vi.useRealTimers();
  const file = await upload;
  expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
  expect(h.warnings.join('\n')).toMatch(/the store could not be written/);
});
