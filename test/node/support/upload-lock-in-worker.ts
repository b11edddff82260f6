// Run as a worker thread (through tsx): takes `key`'s lock of a `fileUploadStore` in `dir` and
// tells whether it got it.
import { parentPort, workerData } from 'node:worker_threads';
import { fileUploadStore } from '../../../src/node.js';

const { dir, key } = workerData as { dir: string; key: string };
const release = await fileUploadStore(dir).lock!(key);
parentPort!.postMessage(release !== undefined);
