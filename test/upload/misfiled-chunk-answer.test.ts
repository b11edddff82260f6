// A proxy that rewrites a chunk's form (or a server that misfiles it) stores chunk 1's bytes in
// chunk 2's place and the other way round, and each answer honestly names the index it stored
// under. Without `checkDigest` (the spec profile's default) nothing else would notice: the file
// assembled from swapped chunks resolved as a success. The answer's `chunk_index` is checked: the
// upload rejects with a typed UploadError, nothing is finalized, and its resume record is gone.
import { describe, expect, it } from 'vitest';
import {
  UploadError,
  type MediaFile,
  type UploadRecord,
  type UploadStore,
} from '../../src/index.js';
import { freshUserClient } from './support/fresh-user-client.js';
import { CHUNK, useTinyUploadServer } from './support/tiny-upload-server.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const server = useTinyUploadServer();

/**
 * A client behind a proxy that sends chunk 1 as chunk 2 and chunk 2 as chunk 1 while `proxy.swap`
 * is set, and calls `proxy.onSwap` as it does.
 */
function swappingClient(proxy: { swap: boolean; onSwap?: () => void } = { swap: true }) {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const chunk = request.method === 'POST' && new URL(request.url).pathname.endsWith('/chunk');
    if (!chunk || !proxy.swap) return globalThis.fetch(request);
    const form = await request.formData();
    const swapped = { '1': '2', '2': '1' }[String(form.get('chunk_index'))];
    if (swapped) form.set('chunk_index', swapped);
    if (swapped) proxy.onSwap?.();
    const headers = new Headers(request.headers);
    headers.delete('content-type');
    return globalThis.fetch(request.url, { method: 'POST', headers, body: form });
  };
  return freshUserClient(server(), fetch);
}

const failed = (upload: Promise<MediaFile>) =>
  upload.then(
    (file) => file,
    (error: unknown) => error,
  );

describe('a chunk the service stored under another index', () => {
  it('rejects with UploadError, nothing finalized (checkDigest off)', async () => {
    const bytes = bytesOf(4 * CHUNK);
    const outcome = await failed(
      swappingClient().media.upload(bytes, {
        operation_type: 'tiny',
        filename: 'swap.png',
        concurrency: 1,
        checkDigest: false,
      }),
    );
    if (!(outcome instanceof UploadError)) {
      const stored = server().simulator.fileBytes((outcome as MediaFile).id);
      throw new Error(`resolved with ${stored.length} bytes, source's: ${equal(stored, bytes)}`);
    }
    expect(outcome.failedChunks).toEqual([1]);
    expect(outcome.message).toMatch(/acknowledged chunk 1 as chunk 2.*not the source/);
    expect(outcome.message).toMatch(/upload it again/);
  });

  it('its resume record is deleted: a resume never finalizes the misfiled chunks', async () => {
    const { store, records } = memoryUploadStore();
    const outcome = await failed(
      swappingClient().media.upload(bytesOf(4 * CHUNK), {
        operation_type: 'tiny',
        filename: 'swap-resume.png',
        concurrency: 1,
        resume: { store, key: 'swap-resume' },
      }),
    );
    expect(outcome).toBeInstanceOf(UploadError);
    expect([...records.keys()]).toEqual([]);
  });
});

describe('a misfiled chunk, with a resume store that cannot delete', () => {
  /** A store in a Map whose `delete` always throws, and whose writes fail while `down` is set. */
  function undeletableStore() {
    const records = new Map<string, UploadRecord>();
    const state = { down: false };
    const store: UploadStore = {
      get: async (key) => records.get(key),
      set: async (key, record) => {
        if (state.down) throw new Error('store unreachable');
        records.set(key, structuredClone(record));
      },
      delete: async () => {
        throw new Error('delete is not supported by this store');
      },
    };
    return { store, records, state };
  }
  const options = (store: UploadStore, key: string) => ({
    operation_type: 'tiny',
    filename: 'swap-kept.png',
    concurrency: 1,
    checkDigest: false,
    resume: { store, key },
  });

  it('the record is emptied: the next run starts afresh and stores the source whole', async () => {
    const { store, records } = undeletableStore();
    const proxy = { swap: true };
    const client = swappingClient(proxy);
    const bytes = bytesOf(4 * CHUNK);
    const outcome = await failed(client.media.upload(bytes, options(store, 'undeletable')));
    expect(outcome).toBeInstanceOf(UploadError);
    expect(records.get('undeletable')?.acknowledged).toEqual([]);

    // The proxy is gone: a resume of the old record would have sent chunks 1 to 3 under the old
    // name, where chunk 2's place holds chunk 1's bytes ("already exists": counted as held).
    proxy.swap = false;
    const file = await client.media.upload(bytes, options(store, 'undeletable'));
    expect(equal(server().simulator.fileBytes(file.id), bytes)).toBe(true);
  });

  it('neither deleted nor emptied: the error names the record to delete', async () => {
    const { store, records, state } = undeletableStore();
    const client = swappingClient({ swap: true, onSwap: () => void (state.down = true) });
    const outcome = await failed(client.media.upload(bytesOf(4 * CHUNK), options(store, 'stuck')));
    expect(outcome).toBeInstanceOf(UploadError);
    expect((outcome as UploadError).message).toMatch(
      /resume record \(key "stuck"\) could not be deleted/,
    );
    expect((outcome as UploadError).message).not.toMatch(/record is deleted/);
    expect(records.has('stuck')).toBe(true); // kept as it was
  });
});

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, at) => byte === b[at]);
}
