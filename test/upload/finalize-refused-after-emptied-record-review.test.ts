// review18b: a store whose write failed once during the chunks and whose `delete` fails has the
// record emptied before finalize, saying "finalize sent" (redteam45: such a record is adopted, so
// the next call refuses). When the service then refused that finalize outright (a 429, a 4xx: no
// file made), the record kept saying "finalize sent": the next call refused with
// UploadMayExistError ("the file may already exist") though no file was ever made, and every later
// call with that key did the same until the user found and deleted the record.
import { describe, expect, it } from 'vitest';
import { APIError, createClient, type UploadRecord, type UploadStore } from '../../src/index.js';
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

/** A client whose finalize is refused with a 429 (never reaching the service) while `refuse` is set. */
function refusingFinalize() {
  const finalized: string[] = [];
  const state = { refuse: true };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const finalize = request.method === 'POST' && new URL(request.url).pathname.endsWith('/upload');
    if (!finalize || !state.refuse) {
      if (finalize)
        finalized.push(((await request.clone().json()) as { filename: string }).filename);
      return globalThis.fetch(request);
    }
    return new Response(JSON.stringify({ detail: 'Too many requests' }), {
      status: 429,
      headers: { 'content-type': 'application/json' },
    });
  };
  const user = server().simulator.addUser({ email: `refused-${Math.random()}@example.com` });
  const client = createClient({
    baseUrl: server().url,
    token: user.token,
    fetch,
    maxRetries: 0,
    logLevel: 'off',
  });
  return { client, finalized, state };
}

describe('a finalize refused outright after its record was emptied', () => {
  it('the next call uploads and finalizes, never told the file may exist', async () => {
    const { store } = storeThatFailsOnceAndCannotDelete();
    const { client, finalized, state } = refusingFinalize();
    const bytes = bytesOf(4 * CHUNK);
    const options = {
      operation_type: 'tiny',
      filename: 'refused.png',
      concurrency: 1,
      resume: { store, key: 'refused' },
    };
    const refused = await client.media.upload(bytes, options).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(APIError);
    expect((refused as APIError).status).toBe(429);

    state.refuse = false;
    const file = await client.media.upload(bytes, options);
    expect(file.id).toBeDefined();
    expect(finalized).toHaveLength(1);
  });
});
