// redteam45: a store whose write failed once during the chunks (a quota, a timeout) and whose
// `delete` fails (a store of yours without one): before finalize, the record the store kept (it
// says too little) cannot be deleted, so it is emptied of its chunks, and the emptied record says
// "finalize sent". The finalize's answer is then lost, and the error said the next call refuses
// with UploadMayExistError: the next call took the emptied record for nothing (no chunk), sent the
// file whole under a new name and finalized it, a second copy of a file the service may have made.
import { describe, expect, it } from 'vitest';
import { ConnectionError, UploadMayExistError } from '../../src/index.js';
import { finalizeWatcher } from './support/finalize-watcher.js';
import { storeThatFailsOnceAndCannotDelete } from './support/store-that-fails-once.js';
import { CHUNK, useTinyUploadServer } from './support/tiny-upload-server.js';
import { bytesOf } from './support/upload-kit.js';

const server = useTinyUploadServer();

describe('a record emptied before a finalize whose answer was lost', () => {
  it('the next call refuses with UploadMayExistError, as the error said, never a second copy', async () => {
    const { store } = storeThatFailsOnceAndCannotDelete();
    const { client, finalized, state } = finalizeWatcher(server, 'lost');
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

    state.fate = 'answered';
    const again = await client.media.upload(bytes, options).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(UploadMayExistError);
    expect(finalized).toHaveLength(1);
  });
});
