// redteam54: a record write that fails deletes the record written before (redteam51: it names none
// of the chunks sent after the failure), but the upload let its lock on the record go once its
// writes ended, not its delete. With a store slower than `chunkTimeout` (a network store: the
// chunk went without waiting for it), another process's upload of the same file took the lock
// meanwhile, read the record the delete had not removed yet and resumed from it: with the file
// changed (size and modification time kept) and its first answer for a chunk the record does not
// name lost, it resolved with the old bytes there. The lock now goes once that delete ended. The
// clock is the test's while the first upload runs.
import { afterEach, expect, it, vi } from 'vitest';
import type { UploadRecord, UploadStore } from '../../src/index.js';
import { untilReal } from './support/real-clock-wait.js';
import { CHUNK, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, sha256 } from './support/upload-kit.js';

const h = resumeHarness();
afterEach(() => void vi.useRealTimers());

/**
 * One store's records and lock as two processes see them: each view's lock is exclusive across
 * both (as fileUploadStore's lock file), and `held()` tells whether it is still that view's.
 */
function sharedStore() {
  const records = new Map<string, UploadRecord>();
  let holder: object | undefined;
  const view = (overrides: Partial<UploadStore> = {}): UploadStore => {
    const me = {};
    return {
      get: async (key) => structuredClone(records.get(key)),
      set: async (key, record) => void records.set(key, structuredClone(record)),
      delete: async (key) => void records.delete(key),
      lock: async () => {
        if (holder) return undefined;
        holder = me;
        const unlock = async () => void (holder === me && (holder = undefined));
        return Object.assign(unlock, { held: async () => holder === me });
      },
      ...overrides,
    };
  };
  return { records, view };
}

it("another process's upload never resumes from the record a failed write is still deleting", async () => {
  const name = 'slow-delete.png';
  const before = bytesOf(4 * CHUNK);
  const { records, view } = sharedStore();
  let stalled = false;
  let landDelete!: () => void;
  const deleteLanded = new Promise<void>((resolve) => (landDelete = resolve));
  const first = view();
  const slow: UploadStore = {
    ...first,
    set: (key, record) => {
      // The write naming chunk 2 before it leaves never answers: given up on at chunkTimeout.
      if (!stalled && record.inFlight?.some(({ index }) => index === 2)) {
        stalled = true;
        return new Promise<void>(() => undefined);
      }
      return first.set(key, record);
    },
    // The delete lands when the test says (slower than the chunk's time).
    delete: async (key) => {
      await deleteLanded;
      return first.delete(key);
    },
  };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // The first process's upload stops (Ctrl-C) once chunk 2 was stored and acknowledged.
  const cut = h.cutOff(fileOf(before, name), { resume: { store: slow }, chunkTimeout: 1_000 }, 3);
  await untilReal(() => stalled);
  await vi.advanceTimersByTimeAsync(1_000); // chunk 2 goes without the write; its delete is out
  await cut;
  vi.useRealTimers();
  expect(h.warnings.join('\n')).toMatch(/chunkTimeout.*cannot be resumed/);
  // The record written before the failure, its delete still out (beside it, upload24's mark that
  // the upload is closed, for the write still out).
  expect([...records.keys()].filter((key) => !key.includes('#closed:'))).toHaveLength(1);

  // Another process uploads the file, changed in chunk 2 (size and modification time kept), its
  // first answer for chunk 2 lost, while the first one's delete is still out.
  const after = before.slice();
  after.fill(7, 2 * CHUNK, 3 * CHUNK);
  h.recorder.simulator.faults.inject({ route: 'POST /v2/media/me/chunk', kind: 'reset-after' });
  const { file } = await h.finish(fileOf(after, name), { resume: { store: view() } }, name);
  landDelete();
  expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(after));
});

it('empties the record a failed write left where the store cannot delete it', async () => {
  const name = 'no-delete.png';
  const before = bytesOf(4 * CHUNK);
  const records = new Map<string, UploadRecord>();
  let failed = false;
  const store: UploadStore = {
    get: async (key) => structuredClone(records.get(key)),
    set: async (key, record) => {
      // The write naming chunk 2 before it leaves fails, once (a network store's blip).
      if (!failed && record.inFlight?.some(({ index }) => index === 2)) {
        failed = true;
        throw new Error('503 Service Unavailable');
      }
      records.set(key, structuredClone(record));
    },
    // A store whose user may write but not delete (a bucket without delete rights).
    delete: async () => Promise.reject(new Error('403 Forbidden: delete not allowed')),
  };
  await h.cutOff(fileOf(before, name), { resume: { store } }, 3);
  expect(h.warnings.join('\n')).toMatch(/503.*cannot be resumed/);

  // The next run: the file changed in chunk 2 (size and modification time kept), its first
  // answer for chunk 2 lost.
  const after = before.slice();
  after.fill(7, 2 * CHUNK, 3 * CHUNK);
  h.recorder.simulator.faults.inject({ route: 'POST /v2/media/me/chunk', kind: 'reset-after' });
  const { file } = await h.finish(fileOf(after, name), { resume: { store } }, name);
  expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(after));
});
