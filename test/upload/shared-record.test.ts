// Two different files with one name, size and modification time (`a/photo.jpg`, `b/photo.jpg`),
// uploaded at once with one resume store: they share a resume key, but an upload's name is never
// shared by two sources. Each must resolve with exactly its own bytes, as the simulator stored
// them. (Round five, finding 2: the second took the first's fresh record, chunks mixed.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createClient, type MediaFile, type UploadStore } from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { fileUploadStore } from '../../src/node.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';

const CHUNK = 1024;
let server: MockServer;
let dir: string;

beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-shared-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  server = await startMockServer({
    port: 0,
    operationTypes: { photos: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(() => server.close());

const client = () =>
  createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
  });

/** A `photo.jpg` with a fixed modification time: two of them differ only in their bytes. */
const photo = (bytes: Uint8Array) =>
  new File([bytes as BlobPart], 'photo.jpg', { type: 'image/jpeg', lastModified: 1_700_000_000 });

async function uploadBothAtOnce(store: UploadStore, share = 0) {
  const a = bytesOf(12 * CHUNK - 7);
  const b = bytesOf(12 * CHUNK - 7);
  // Their first chunks equal, so even a record whose acknowledged chunks verify is not proof.
  b.set(a.subarray(0, share * CHUNK));
  const sdk = client();
  const upload = (bytes: Uint8Array) =>
    sdk.media.upload(photo(bytes), { operation_type: 'photos', concurrency: 2, resume: { store } });
  const [first, second] = await Promise.all([upload(a), upload(b)]);
  expect(sha256(server.simulator.fileBytes(first.id))).toBe(sha256(a));
  expect(sha256(server.simulator.fileBytes(second.id))).toBe(sha256(b));
  expect(first.id).not.toBe(second.id);
}

it('two files of one name, size and mtime at once, one memory store: each stored whole', async () => {
  await uploadBothAtOnce(memoryUploadStore().store);
});

it('the same, when their first chunks are equal (acknowledged chunks that verify)', async () => {
  await uploadBothAtOnce(memoryUploadStore().store, 2);
});

it('the same with two fileUploadStores on one folder (as two processes have)', async () => {
  const folder = join(dir, 'two-stores');
  const a = bytesOf(12 * CHUNK - 7);
  const b = bytesOf(12 * CHUNK - 7);
  const sdk = client();
  const upload = (bytes: Uint8Array, store: UploadStore) =>
    sdk.media.upload(photo(bytes), { operation_type: 'photos', concurrency: 2, resume: { store } });
  // The second starts once the first's record is on disk, before any chunk is acknowledged.
  const storeOfA = fileUploadStore(folder);
  let started: Promise<MediaFile> | undefined;
  const first = upload(a, {
    ...storeOfA,
    set: async (key, record) => {
      await storeOfA.set(key, record);
      started ??= upload(b, fileUploadStore(folder));
    },
  });
  const fileA = await first;
  const fileB = await started!;
  expect(sha256(server.simulator.fileBytes(fileA.id))).toBe(sha256(a));
  expect(sha256(server.simulator.fileBytes(fileB.id))).toBe(sha256(b));
});

it('a record written before any chunk was acknowledged is never adopted by a later upload', async () => {
  const { store, records } = memoryUploadStore();
  const a = bytesOf(3 * CHUNK);
  const b = bytesOf(3 * CHUNK);
  const sdk = client();
  const controller = new AbortController();
  // The first upload stops once its record is written, before any chunk: nothing to verify.
  const stopped = sdk.media
    .upload(photo(a), {
      operation_type: 'photos',
      resume: { store: { ...store, set: (k, r) => (controller.abort(), store.set(k, r)) } },
      signal: controller.signal,
    })
    .catch((error: unknown) => error);
  await stopped;
  const fresh = [...records.values()][0];
  expect(fresh?.acknowledged).toEqual([]);
  const names: string[] = [];
  const watched: UploadStore = {
    ...store,
    set: (k, r) => (names.push(r.uploadName), store.set(k, r)),
  };
  const second = await sdk.media.upload(photo(b), {
    operation_type: 'photos',
    resume: { store: watched },
  });
  expect(sha256(server.simulator.fileBytes(second.id))).toBe(sha256(b));
  expect(names.length).toBeGreaterThan(0);
  expect(names).not.toContain(fresh!.uploadName);
});
