// A user's script, run in its own process by resume-process.full.test.ts: uploads a file from disk
// with `resume` kept in a directory, and tells its parent over IPC where it stands, so the
// parent can kill it mid-upload, and run it again.
//
// argv: baseUrl token path storeDir
import { createClient } from '../../../src/index.js';
import { fileUploadStore, fromPath } from '../../../src/node.js';

export type ChildMessage =
  | { kind: 'progress'; chunksDone: number; loadedBytes: number }
  | { kind: 'done'; fileId: number }
  | { kind: 'failed'; error: string };

const [baseUrl, token, path, storeDir] = process.argv.slice(2) as [string, string, string, string];
const send = (message: ChildMessage) => process.send?.(message);
const client = createClient({ baseUrl, token, retryBaseDelay: 1, logLevel: 'off' });

try {
  const file = await client.media.upload(await fromPath(path), {
    operation_type: 'resumable',
    concurrency: 2,
    resume: { store: fileUploadStore(storeDir) },
    onProgress: ({ chunksDone, loadedBytes }) =>
      send({ kind: 'progress', chunksDone, loadedBytes }),
  });
  send({ kind: 'done', fileId: file.id });
} catch (error) {
  send({ kind: 'failed', error: String(error) });
}
process.disconnect?.();
