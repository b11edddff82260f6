// What recording a chunk's digest before it leaves costs (redteam48): an upload of a file in
// small chunks to the loopback simulator, resumable through fileUploadStore, counting the store's
// writes and timing each. Before redteam48 a chunk's in-flight digest went with the next write
// (one write per acknowledged chunk, coalesced); since, it is written and landed before the chunk
// leaves. Writes are coalesced (one at a time, the latest state each), so concurrent chunks share.
//
//   npx tsx bench/upload-record-writes.ts [--chunks 200] [--concurrency 1,4] [--rounds 3]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createClient, type UploadStore } from '../src/index.js';
import { fileUploadStore, fromPath } from '../src/node.js';
import { startMockServer } from '../src/mock/index.js';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '1,4' },
    rounds: { type: 'string', default: '3' },
  },
});
const CHUNK = 64 * 1024;
const chunks = Number(values.chunks);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const mock = await startMockServer({
  operationTypes: { bench: { chunk_size: CHUNK, max_chunks: null } },
});
const dir = await mkdtemp(join(tmpdir(), 'record-writes-'));
try {
  const path = join(dir, 'source.bin');
  await writeFile(path, Buffer.alloc(chunks * CHUNK, 7));
  const client = createClient({
    baseUrl: mock.url,
    token: mock.simulator.users.owner.token,
    logLevel: 'off',
  });
  for (const concurrency of values.concurrency.split(',').map(Number)) {
    const writes: number[] = [];
    const setMs: number[] = [];
    const uploadMs: number[] = [];
    for (let round = 0; round < Number(values.rounds); round++) {
      const files = fileUploadStore(join(dir, `records-${concurrency}-${round}`));
      let count = 0;
      const store: UploadStore = {
        ...files,
        set: async (key, record) => {
          count++;
          const start = performance.now();
          await files.set(key, record);
          setMs.push(performance.now() - start);
        },
      };
      const start = performance.now();
      await client.media.upload(await fromPath(path), {
        operation_type: 'bench',
        concurrency,
        resume: { store },
      });
      uploadMs.push(performance.now() - start);
      writes.push(count);
    }
    console.log(
      JSON.stringify({
        chunks,
        concurrency,
        writesPerChunk: Number((median(writes) / chunks).toFixed(2)),
        setMedianMs: Number(median(setMs).toFixed(3)),
        uploadMedianMs: Math.round(median(uploadMs)),
      }),
    );
  }
} finally {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
}
