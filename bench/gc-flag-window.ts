// The instant an upload sets its young collector up (src/node/collected-stream-pieces.ts), V8's
// `--expose-gc` is on for the whole process: a context another thread creates then gets a `gc`.
// Counts how many `vm` contexts the main thread makes while worker threads each set theirs up
// (their first default-stream upload), and how many of them got a `gc`.
//
//   npx tsx bench/gc-flag-window.ts [--workers 4] [--rounds 20]
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import vm from 'node:vm';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const workers = option('workers', 4);
const rounds = option('rounds', 20);
const module = new URL('../src/node/collected-stream-pieces.ts', import.meta.url).href;
// Each worker waits for the word, then sets its collector up as its first stream upload would.
const code = `
const { parentPort } = require('node:worker_threads');
import(${JSON.stringify(module)}).then(({ collectedStreamPieces }) => {
  parentPort.postMessage('ready');
  parentPort.once('message', () => {
    collectedStreamPieces({ next: async () => ({ done: true, value: undefined }), cancel: async () => {} });
    parentPort.postMessage('done');
  });
});`;

let made = 0;
let leaked = 0;
for (let round = 0; round < rounds; round++) {
  const started = Array.from(
    { length: workers },
    () => new Worker(code, { eval: true, execArgv: ['--import', 'tsx'] }),
  );
  await Promise.all(started.map((worker) => once(worker, 'message')));
  const done = Promise.all(started.map((worker) => once(worker, 'message')));
  let finished = false;
  void done.then(() => (finished = true));
  for (const worker of started) worker.postMessage('go');
  // Contexts made until every worker answered (the main thread polls its port between batches).
  while (!finished) {
    for (let n = 0; n < 10; n++, made++)
      if (vm.runInNewContext('typeof gc') === 'function') leaked++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(started.map((worker) => worker.terminate()));
}
console.log(
  `${workers} workers x ${rounds} rounds: ${leaked} of ${made} contexts made meanwhile had a gc`,
);
