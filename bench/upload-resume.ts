// Resume benchmark: what resuming a large upload costs. A 1 GiB upload is cut off at 95 % of its
// chunks (its fileUploadStore record kept), then resumed; that is timed against a plain upload of
// a file holding only the remaining 5 %, to the same loopback sink. Each upload runs in a fresh
// Node process (an esbuild bundle, as bench/upload.ts does), so both include the start of a
// script: opening the file, reading the operation type, and for the resume, reading the record.
//
//   npx tsx bench/upload-resume.ts [--size-mib 1024] [--chunk-mib 10] [--links 100,0] [--rounds 3]
import { execFile } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { cp, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { bundleForNode, startHelperProcess } from './support.js';

const MiB = 1024 * 1024;
const { values } = parseArgs({
  options: {
    'size-mib': { type: 'string', default: '1024' },
    'chunk-mib': { type: 'string', default: '10' },
    links: { type: 'string', default: '100,0' },
    rounds: { type: 'string', default: '3' },
  },
});
const sizeMiB = Number(values['size-mib']);
const chunkMiB = Number(values['chunk-mib']);
const rounds = Number(values.rounds);
const totalChunks = Math.ceil(sizeMiB / chunkMiB);
const doneChunks = Math.floor(totalChunks * 0.95);
const restBytes = sizeMiB * MiB - doneChunks * chunkMiB * MiB;

const run = promisify(execFile);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function child(script: string, args: string[]): Promise<{ ms: number; chunks: number }> {
  const { stdout } = await run(process.execPath, [script, ...args]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; chunks: number };
}

/** A file of one random 16 MiB block repeated (as bench/upload.ts makes them). */
async function makeFile(path: string, bytes: number): Promise<string> {
  const block = randomFillSync(Buffer.allocUnsafe(16 * MiB));
  const handle = await open(path, 'w');
  for (let written = 0; written < bytes; written += block.byteLength) {
    await handle.write(block, 0, Math.min(block.byteLength, bytes - written));
  }
  await handle.close();
  return path;
}

async function measureLink(script: string, sinkScript: string, dir: string, rate: number) {
  const sink = await startHelperProcess(sinkScript, [String(chunkMiB * MiB), String(rate * MiB)]);
  const [big, rest] = [join(dir, 'big.bin'), join(dir, 'rest.bin')];
  const [store, saved] = [join(dir, 'store'), join(dir, 'store-at-95')];
  try {
    await rm(store, { recursive: true, force: true });
    const cut = await child(script, ['prepare', sink.url, big, store, String(doneChunks)]);
    await cp(store, saved, { recursive: true });
    const resumed: number[] = [];
    const alone: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await rm(store, { recursive: true, force: true });
      await cp(saved, store, { recursive: true }); // the record at 95 %, again
      const again = await child(script, ['resume', sink.url, big, store]);
      if (again.chunks !== totalChunks - doneChunks) {
        throw new Error(`the resume sent ${again.chunks} chunks, not ${totalChunks - doneChunks}`);
      }
      resumed.push(again.ms);
      alone.push((await child(script, ['alone', sink.url, rest])).ms);
    }
    const link = rate > 0 ? `${rate} MiB/s` : 'unthrottled';
    const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join('/');
    console.error(`${link}: resumed ${ms(resumed)} ms, the rest alone ${ms(alone)} ms`);
    return { link, cut, resumed, alone };
  } finally {
    sink.stop();
    await rm(saved, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-resume-'));
  try {
    const script = await bundleForNode(dir, 'upload-resume-child');
    const sinkScript = await bundleForNode(dir, 'upload-sink');
    await stopEsbuild();
    await makeFile(join(dir, 'big.bin'), sizeMiB * MiB);
    await makeFile(join(dir, 'rest.bin'), restBytes);
    const rows = [];
    for (const rate of values.links.split(',').map(Number)) {
      rows.push(await measureLink(script, sinkScript, dir, rate));
    }
    console.log(
      `\n${sizeMiB} MiB in ${totalChunks} chunks of ${chunkMiB} MiB, resumed after ${doneChunks} ` +
        `(${(restBytes / MiB) | 0} MiB left); median of ${rounds}, each upload a fresh process\n`,
    );
    console.log(
      '| link | resume at 95 % (ms) | the last 5 % alone (ms) | resume cost (ms) | ratio |',
    );
    console.log('| --- | --- | --- | --- | --- |');
    for (const row of rows) {
      const [r, a] = [median(row.resumed), median(row.alone)];
      console.log(
        `| ${row.link} | ${r.toFixed(0)} | ${a.toFixed(0)} | ${(r - a).toFixed(0)} | ${(r / a).toFixed(2)} |`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
