// A resume store that fails exactly when the upload records "finalize sent" (a full disk, a quota,
// a store that times out), and a finalize whose answer is then lost after the service acted. The
// record the store kept says every chunk is acknowledged and finalize was never sent: a resume
// took it at its word and sent finalize again under the same name, where the documented promise
// is that a resume never finalizes twice (UploadMayExistError). A record that cannot say
// "finalize sent" is deleted before finalize goes; one that can be neither updated nor deleted
// means nothing is finalized.
import { describe, expect, it } from 'vitest';
import { SeatpayError, UploadError, type UploadRecord, type UploadStore } from '../../src/index.js';
import { finalizeWatcher } from './support/finalize-watcher.js';
import { CHUNK, useTinyUploadServer } from './support/tiny-upload-server.js';
import { bytesOf } from './support/upload-kit.js';

const server = useTinyUploadServer();

/** A store in a Map whose writes (and, with `deletes`, deletions) fail while `failing` is set. */
function flakyStore() {
  const records = new Map<string, UploadRecord>();
  const faults = { failing: false, deletes: false };
  const store: UploadStore = {
    get: async (key) => records.get(key),
    set: async (key, record) => {
      // Fails on the write that says finalize is about to be sent.
      if (faults.failing && record.finalizeSent) throw new Error('disk full');
      records.set(key, structuredClone(record));
    },
    delete: async (key) => {
      if (faults.failing && faults.deletes) throw new Error('disk full');
      records.delete(key);
    },
  };
  return { store, records, faults };
}

const options = (store: UploadStore, key: string) => ({
  operation_type: 'tiny',
  filename: 'unrecorded.png',
  resume: { store, key },
});

describe('a store that cannot record "finalize sent"', () => {
  it('never lets a resume finalize the same upload again', async () => {
    const { store, faults } = flakyStore();
    const { client, finalized, state } = finalizeWatcher(server, 'answered');
    const bytes = bytesOf(3 * CHUNK);
    faults.failing = true;
    state.fate = 'lost';
    const lost = await client.media.upload(bytes, options(store, 'once')).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(SeatpayError);
    expect(lost).toMatchObject({ mayHaveBeenProcessed: true });
    expect(finalized).toHaveLength(1);
    const [first] = finalized;

    // The store works again, answers arrive: whatever the resume does, it never finalizes `first`.
    faults.failing = false;
    state.fate = 'answered';
    await client.media.upload(bytes, options(store, 'once')).catch((e: unknown) => e);
    expect(finalized.filter((name) => name === first)).toHaveLength(1);
  });

  it('neither updated nor deleted: nothing is finalized, and the next run finalizes once', async () => {
    const { store, records, faults } = flakyStore();
    const { client, finalized } = finalizeWatcher(server, 'answered');
    const bytes = bytesOf(3 * CHUNK);
    faults.failing = true;
    faults.deletes = true;
    const refused = await client.media
      .upload(bytes, options(store, 'kept'))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UploadError);
    expect((refused as UploadError).message).toMatch(/nothing was finalized/i);
    expect(finalized).toEqual([]);
    expect(records.get('kept')?.acknowledged).toEqual([0, 1, 2]);

    faults.failing = false;
    const file = await client.media.upload(bytes, options(store, 'kept'));
    expect(server().simulator.fileBytes(file.id)).toEqual(bytes);
    expect(finalized).toHaveLength(1);
    expect(records.has('kept')).toBe(false);
  });
});
