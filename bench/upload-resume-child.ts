// One upload of the resume benchmark, in a fresh process. Prints one JSON line:
// { ms, chunks } (chunks: chunk requests acknowledged in this run). Run by bench/upload-resume.ts.
//
//   prepare <url> <file> <storeDir> <stopAtChunk>: uploads with resume, aborts at that chunk
//   resume  <url> <file> <storeDir>: uploads with resume (the record says where to start)
//   alone   <url> <file>: a plain upload of a file
import { createClient } from '../src/index.js';
import { fileUploadStore, fromPath } from '../src/node.js';

type Mode = 'prepare' | 'resume' | 'alone';
const [mode, url, file, storeDir, stopAt] = process.argv.slice(2) as [
  Mode,
  string,
  string,
  string | undefined,
  string | undefined,
];

const client = createClient({ baseUrl: url, token: 'bench-token', logLevel: 'off' });
const controller = new AbortController();
let chunks = 0;
const started = performance.now();
try {
  await client.media.upload(await fromPath(file), {
    operation_type: 'bench',
    concurrency: 4,
    signal: controller.signal,
    ...(storeDir ? { resume: { store: fileUploadStore(storeDir) } } : {}),
    onChunk: () => {
      if (++chunks === Number(stopAt)) controller.abort();
    },
  });
} catch (error) {
  if (mode !== 'prepare') throw error;
}
console.log(JSON.stringify({ ms: performance.now() - started, chunks }));
