// Run as a worker thread (through tsx): takes `key`'s lock of a `fileUploadStore` in `dir`, tells
// whether it got it, and holds it until told to end: it then ends without releasing it (a worker
// thread that exits, or is terminated, mid-upload).
import { parentPort, workerData } from 'node:worker_threads';
import { fileUploadStore } from '../../../src/node.js';

const { dir, key } = workerData as { dir: string; key: string };
const release = await fileUploadStore(dir).lock!(key);
parentPort!.once('message', () => process.exit(0));
parentPort!.postMessage(release !== undefined);
