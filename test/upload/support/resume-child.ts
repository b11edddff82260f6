// A user's script, run in its own process by resume-process.full.test.ts: uploads a file from disk
// with `resume` kept in a directory, and tells its parent over IPC where it stands, so the
// parent can kill it mid-upload, and run it again. Each write of its store is told once it has
// landed on disk, so the parent kills on that event, never on a poll of the file.
//
// argv: baseUrl token path storeDir
import { createClient, type UploadStore } from '../../../src/index.js';
import { fileUploadStore, fromPath } from '../../../src/node.js';

export type ChildMessage =
  | { kind: 'progress'; chunksDone: number; loadedBytes: number }
  | { kind: 'stored'; acknowledged: number }
  | { kind: 'done'; fileId: number }
  | { kind: 'failed'; error: string };

const [baseUrl, token, path, storeDir] = process.argv.slice(2) as [string, string, string, string];
const send = (message: ChildMessage) => process.send?.(message);
const client = createClient({ baseUrl, token, retryBaseDelay: 1, logLevel: 'off' });
const files = fileUploadStore(storeDir);
// Its own store still (its lock and list too), only told of.
const store: UploadStore = {
  ...files,
  set: async (key, record) => {
    await files.set(key, record);
    send({ kind: 'stored', acknowledged: record.acknowledged.length });
  },
};

try {
  const file = await client.media.upload(await fromPath(path), {
    operation_type: 'resumable',
    concurrency: 2,
    resume: { store },
    onProgress: ({ chunksDone, loadedBytes }) =>
      send({ kind: 'progress', chunksDone, loadedBytes }),
  });
  send({ kind: 'done', fileId: file.id });
} catch (error) {
  send({ kind: 'failed', error: String(error) });
}
process.disconnect?.();
