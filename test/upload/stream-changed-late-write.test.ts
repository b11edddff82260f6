// loose23: a resumed stream whose chunk past a gap in its record differs deletes its record (it
// must not resume). That delete went out while the record's last write was still out: a user's
// store that let the earlier write land after the delete (a remote store, its requests raced)
// kept the record, and the next run was refused the same way. The delete now goes once the
// write out has ended.
import { describe, expect, it } from 'vitest';
import { UploadError, type UploadRecord, type UploadStore } from '../../src/index.js';
import { CHUNK, TOTAL, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256, webStream } from './support/upload-kit.js';

const h = resumeHarness();
const stream = (bytes: Uint8Array) => ({ stream: webStream(bytes, 100), size: bytes.length });

/**
 * A store whose writes, once `slow`, land late: a write still out when a delete comes lands
 * right after it (the race a remote store can lose); one no delete overtakes lands on its own.
 */
function racingStore() {
  const { store: memory, records } = memoryUploadStore();
  const calls: string[] = [];
  const out = new Set<() => void>();
  let slow = false;
  const store: UploadStore = {
    get: (key) => memory.get(key),
    set: (key, record) => {
      if (!slow) return memory.set(key, record);
      calls.push(`set [${record.acknowledged.join(',')}]`);
      return new Promise<void>((resolve) => {
        const land = () => {
          out.delete(land);
          clearTimeout(timer);
          resolve(memory.set(key, record));
        };
        const timer = setTimeout(land, 200);
        out.add(land);
      });
    },
    delete: async (key) => {
      calls.push(out.size ? 'delete, a write out' : 'delete');
      await memory.delete(key);
      for (const land of [...out]) land();
    },
  };
  return { store, records, calls, slowFromNow: () => void (slow = true) };
}

describe('a resumed stream whose chunk past a gap changed', () => {
  it('deletes its record after the write still out, which cannot bring it back', async () => {
    const name = 'late-write.bin';
    const old = bytesOf(TOTAL * CHUNK);
    const { store, records, calls, slowFromNow } = racingStore();
    const options = { filename: name, concurrency: 1, resume: { store, key: 'late-write-key' } };
    await h.cutOff(stream(old), options, 5);
    // Chunk 6 recorded past a gap (chunk 5): a stream reads it only in its turn, after chunk 5
    // went and its acknowledgement is being written.
    const record = [...records.values()][0]! as UploadRecord;
    record.acknowledged.push(6);
    record.digests.push(sha256(old.subarray(6 * CHUNK, 7 * CHUNK)));
    const fresh = old.slice();
    fresh[6 * CHUNK + 3]! ^= 0xff; // and now other bytes

    slowFromNow();
    const failed = h.finish(stream(fresh), options, name);
    await expect(failed).rejects.toBeInstanceOf(UploadError);
    await expect(failed).rejects.toMatchObject({
      failedChunks: [6],
      message: expect.stringContaining('Its resume record is deleted'),
    });
    expect(records.size).toBe(0); // not brought back
    expect(calls).toContain('delete');
    expect(calls).not.toContain('delete, a write out');
  });
});
