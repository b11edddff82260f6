// A user's script, run in its own process by shared-record-process.full.test.ts: uploads one file
// from disk with `resume` kept in a folder that another process uses too, and tells its parent
// the file's id (or the error).
//
// argv: baseUrl token path storeDir
import { createClient } from '../../../src/index.js';
import { fileUploadStore, fromPath } from '../../../src/node.js';

export type PhotoChildMessage =
  { kind: 'done'; fileId: number } | { kind: 'failed'; error: string };

const [baseUrl, token, path, storeDir] = process.argv.slice(2) as [string, string, string, string];
const send = (message: PhotoChildMessage) => process.send?.(message);
const client = createClient({ baseUrl, token, retryBaseDelay: 1, logLevel: 'off' });

try {
  const file = await client.media.upload(await fromPath(path), {
    operation_type: 'photos',
    concurrency: 2,
    resume: { store: fileUploadStore(storeDir) },
  });
  send({ kind: 'done', fileId: file.id });
} catch (error) {
  send({ kind: 'failed', error: String(error) });
}
process.disconnect?.();
