// The two upload stores the SDK ships, each made fresh for one test and removed after it: for a
// `describe.each` that must hold for both.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localStorageUploadStore, type UploadStore } from '../../../src/index.js';
import { fileUploadStore } from '../../../src/node.js';
import { webStorage } from '../../support/web-storage.js';

export interface FreshStore {
  store: UploadStore;
  /** Removes what the store left (the file store's folder). */
  done: () => Promise<void>;
}

export const bothStores: Array<[string, () => Promise<FreshStore>]> = [
  [
    'fileUploadStore',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'seatpay-store-'));
      return { store: fileUploadStore(dir), done: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'localStorageUploadStore',
    async () => ({ store: localStorageUploadStore(webStorage()), done: async () => undefined }),
  ],
];
