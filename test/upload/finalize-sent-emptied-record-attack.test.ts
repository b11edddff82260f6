// redteam45: a store whose write failed once during the chunks (a quota, a timeout) and whose
// `delete` fails (a store of yours without one): before finalize, the record the store kept (it
// says too little) cannot be deleted, so it is emptied of its chunks, and the emptied record says
// "finalize sent". The finalize's answer is then lost, and the error said the next call refuses
// with UploadMayExistError: the next call took the emptied record for nothing (no chunk), sent the
// file whole under a new name and finalized it, a second copy of a file the service may have made.
import { describe, expect, it } from 'vitest';
import {
  ConnectionError,
  createClient,
  UploadMayExistError,
  type UploadRecord,
  type UploadStore,
} from '../../src/index.js';
import { bytesOf } from './support/upload-kit.js';
import { useMockServer } from '../support/mock-server.js';

const CHUNK = 100;
const server = useMockServer({
  operationTypes: { tiny: { chunk_size: CHUNK, max_chunks: null } },
});

/** A store in a Map whose one write naming two acknowledged chunks fails; it cannot delete. */
function storeThatFailsOnceAndCannotDelete() {
  const records = new Map<string, UploadRecord>();
  let failed = false;
  const store: UploadStore = {
    get: async (key) => records.get(key),
    set: async (key, record) => {
      if (!failed && record.acknowledged.length === 2) {
        failed = true;
        throw new Error('quota exceeded');
      }
      records.set(key, structuredClone(record));
    },
    delete: async () => {
      throw new Error('this store cannot delete');
    },
  };
  return { store, records };
}

/** A client whose finalize answers are lost (after the service acted) while `lose` is set. */
function finalizeWatcher() {
  const finalized: string[] = [];
  const state = { lose: true };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const finalize = request.method === 'POST' && new URL(request.url).pathname.endsWith('/upload');
    if (!finalize) return globalThis.fetch(request);
    finalized.push(((await request.clone().json()) as { filename: string }).filename);
    const response = await globalThis.fetch(request);
    if (!state.lose) return response;
    await response.body?.cancel();
    throw new TypeError('fetch failed: the connection was reset');
  };
  const user = server().simulator.addUser({ email: `emptied-${Math.random()}@example.com` });
  const client = createClient({
    baseUrl: server().url,
    token: user.token,
    fetch,
    maxRetries: 0,
    logLevel: 'off',
  });
  return { client, finalized, state };
}

describe('a record emptied before a finalize whose answer was lost', () => {
  it('the next call refuses with UploadMayExistError, as the error said, never a second copy', async () => {
    const { store } = storeThatFailsOnceAndCannotDelete();
    const { client, finalized, state } = finalizeWatcher();
    const bytes = bytesOf(4 * CHUNK);
    const options = {
      operation_type: 'tiny',
      filename: 'emptied.png',
      concurrency: 1,
      resume: { store, key: 'emptied' },
    };
    const lost = await client.media.upload(bytes, options).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(ConnectionError);
    expect((lost as Error).message).toMatch(/next call refuses with UploadMayExistError/);
    expect(finalized).toHaveLength(1);

    state.lose = false;
    const again = await client.media.upload(bytes, options).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(UploadMayExistError);
    expect(finalized).toHaveLength(1);
  });
});
