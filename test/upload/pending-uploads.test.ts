// `client.media.pendingUploads(store)` and `discardUpload(store, key)`: what a page shows after a
// reload ("talk.mp4 is 30 % done, resume?"), for both stores the SDK ships, and a resume of a
// listed upload under its listed key sends only the rest.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  InvalidRequestError,
  localStorageUploadStore,
  SeatpayError,
  type UploadStore,
} from '../../src/index.js';
import { fileUploadStore } from '../../src/node.js';
import { CHUNK, TOTAL, fileOf, range, resumeHarness } from './support/resume-harness.js';
import { sha256, bytesOf } from './support/upload-kit.js';
import { bothStores } from './support/both-stores.js';
import { webStorage } from '../support/web-storage.js';

const h = resumeHarness();

describe.each(bothStores)('pendingUploads of a %s', (_, make) => {
  it('lists an unfinished upload by name, size, bytes done and time; a resume under its key sends the rest', async () => {
    const { store, done } = await make();
    try {
      const client = h.client();
      expect(await client.media.pendingUploads(store)).toEqual([]);
      const bytes = bytesOf(TOTAL * CHUNK - 10);
      const before = Date.now();
      await h.cutOff(fileOf(bytes, 'talk.png'), { resume: { store } }, 3);
      // No poll: the listing waits for the paused upload's last record write itself.
      const [pending, ...others] = await client.media.pendingUploads(store);
      expect(others).toEqual([]);
      expect(pending).toEqual({
        key: expect.any(String),
        filename: 'talk.png',
        operationType: 'tiny',
        academy: null,
        totalBytes: bytes.byteLength,
        bytesDone: 3 * CHUNK,
        chunksDone: 3,
        totalChunks: TOTAL,
        updatedAt: expect.any(Date),
        finalizeSent: false,
      });
      expect(pending!.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const resume = { store, key: pending!.key };
      const { file, sent } = await h.finish(fileOf(bytes, 'talk.png'), { resume }, 'talk.png');
      expect(sent).toEqual(range(3, TOTAL));
      expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
      expect(await client.media.pendingUploads(store)).toEqual([]);
    } finally {
      await done();
    }
  });

  it('discardUpload forgets it: the next upload of the file starts afresh', async () => {
    const { store, done } = await make();
    try {
      const client = h.client();
      const bytes = bytesOf(TOTAL * CHUNK);
      await h.cutOff(fileOf(bytes, 'drop.png'), { resume: { store } }, 2);
      const [pending] = await client.media.pendingUploads(store);
      // Right after the pause: its last record write may still be on its way, and must not land
      // after the discard.
      await client.media.discardUpload(store, pending!.key);
      expect(await client.media.pendingUploads(store)).toEqual([]);
      const { sent } = await h.finish(fileOf(bytes, 'drop.png'), { resume: { store } }, 'drop.png');
      expect(sent).toEqual(range(0, TOTAL));
    } finally {
      await done();
    }
  });
});

describe('pendingUploads', () => {
  it('leaves out what is no valid record, and refuses a store that cannot list', async () => {
    const storage = webStorage();
    storage.setItem('seatpay:upload:garbage', '{not json');
    storage.setItem('seatpay:upload:other', JSON.stringify({ version: 1, updatedAt: 0 }));
    storage.setItem('someone-else', '{}');
    const client = h.client();
    expect(await client.media.pendingUploads(localStorageUploadStore(storage))).toEqual([]);
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-pending-'));
    await writeFile(join(dir, 'x.json'), '{"storeKey": 1');
    expect(await client.media.pendingUploads(fileUploadStore(dir))).toEqual([]);
    expect(await client.media.pendingUploads(fileUploadStore(join(dir, 'none')))).toEqual([]);
    await rm(dir, { recursive: true, force: true });
    const unlisted: UploadStore = {
      get: async () => undefined,
      set: async () => {},
      delete: async () => {},
    };
    await expect(client.media.pendingUploads(unlisted)).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(
      client.media.discardUpload(localStorageUploadStore(storage), ''),
    ).rejects.toBeInstanceOf(InvalidRequestError);
  });
});

describe("a store's own failures", () => {
  const broken = new Error('disk gone');
  const throwing = {
    'list() rejects': { list: () => Promise.reject(broken) },
    'list() throws at once': {
      list: () => {
        throw broken;
      },
    },
    'list() answers what is no list': { list: async () => 42 as never },
  };

  it.each(Object.entries(throwing))(
    '%s: a SeatpayError that says so, with the cause',
    async (_, listing) => {
      const store: UploadStore = {
        get: async () => undefined,
        set: async () => {},
        delete: async () => {},
        ...listing,
      };
      const error = await h
        .client()
        .media.pendingUploads(store)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SeatpayError);
      expect((error as Error).message).toMatch(/^The upload store could not list its records/);
      if (listing !== throwing['list() answers what is no list'])
        expect((error as Error).cause).toBe(broken);
    },
  );

  it('discardUpload: a delete() that rejects is a SeatpayError too', async () => {
    const store: UploadStore = {
      get: async () => undefined,
      set: async () => {},
      delete: () => Promise.reject(broken),
    };
    const error = await h
      .client()
      .media.discardUpload(store, 'some-key')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SeatpayError);
    expect(error).toMatchObject({
      message: expect.stringMatching(/could not delete the record/),
      cause: broken,
    });
  });
});
