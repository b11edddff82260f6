// review18b: a store whose write failed once during the chunks and whose `delete` fails has the
// record emptied before finalize, saying "finalize sent" (redteam45: such a record is adopted, so
// the next call refuses). When the service then refused that finalize outright (a 429, a 4xx: no
// file made), the record kept saying "finalize sent": the next call refused with
// UploadMayExistError ("the file may already exist") though no file was ever made, and every later
// call with that key did the same until the user found and deleted the record.
import { describe, expect, it } from 'vitest';
import { APIError } from '../../src/index.js';
import { finalizeWatcher } from './support/finalize-watcher.js';
import { storeThatFailsOnceAndCannotDelete } from './support/store-that-fails-once.js';
import { CHUNK, useTinyUploadServer } from './support/tiny-upload-server.js';
import { bytesOf } from './support/upload-kit.js';

const server = useTinyUploadServer();

describe('a finalize refused outright after its record was emptied', () => {
  it('the next call uploads and finalizes, never told the file may exist', async () => {
    const { store } = storeThatFailsOnceAndCannotDelete();
    const { client, finalized, state } = finalizeWatcher(server, 'refused');
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

    state.fate = 'answered';
    const file = await client.media.upload(bytes, options);
    // The file the call returns is the one the service made, from the one finalize it got.
    expect(server().simulator.file(file.id)).toMatchObject({ id: file.id, status: file.status });
    expect(finalized).toHaveLength(1);
  });
});
