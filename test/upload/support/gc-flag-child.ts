// A user's script, run in its own process by gc-flag-kept.test.ts with the V8 flags under test:
// uploads a default web stream (the kind whose pieces the upload has collected), then prints what
// a `vm` context and a worker made afterwards find under `name` (the process's own gc, if any).
//
// argv: baseUrl token name
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import { createClient } from '../../../src/index.js';

const [baseUrl, token, name] = process.argv.slice(2) as [string, string, string];
const client = createClient({ baseUrl, token, retryBaseDelay: 1, logLevel: 'off' });

const stream = new ReadableStream<Uint8Array>({
  start(controller) {
    controller.enqueue(new Uint8Array(1000).fill(7));
    controller.close();
  },
});
const file = await client.media.upload(
  { stream, size: 1000 },
  { operation_type: 'big', filename: 'clip.bin' },
);
const inContext = vm.runInNewContext(`typeof ${name}`) as string;
const worker = new Worker(
  `require('node:worker_threads').parentPort.postMessage(typeof globalThis[${JSON.stringify(name)}])`,
  { eval: true },
);
const [inWorker] = (await once(worker, 'message')) as [string];
console.log(JSON.stringify({ fileId: file.id, inContext, inWorker }));
