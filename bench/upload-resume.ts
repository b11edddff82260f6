// Resume benchmark: what resuming a large upload costs. A 1 GiB upload is cut off at 95 % of its
// chunks (its fileUploadStore record kept), then resumed; that is timed against a plain upload of
// a file holding only the remaining 5 %, to the same loopback sink. Each upload runs in a fresh
// Node process (an esbuild bundle, as bench/upload.ts does), so both include the start of a
// script: opening the file, reading the operation type, and for the resume, reading the record.
//
// With `--baseline <git ref>` the same rounds also run the upload code of that commit (bundled
// from `git archive`), interleaved: there the resume trusts the record without reading the
// acknowledged chunks again (before the digest check), so the difference is what the check costs,
// during the upload (a SHA-256 per chunk) and at the resume (reading and hashing 95 % again).
//
//   npx tsx bench/upload-resume.ts [--size-mib 1024] [--chunk-mib 10] [--links 100,0] [--rounds 3]
//                                  [--baseline 9407c7a]
import { execFile, execFileSync } from 'node:child_process';
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
    baseline: { type: 'string' },
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

interface Variant {
  name: string;
  script: string;
}

/** Cuts the upload off at 95 % under `variant`; the record is saved to restore for each round. */
async function prepare(variant: Variant, url: string, big: string, dir: string) {
  const store = join(dir, `store-${variant.name}`);
  await rm(store, { recursive: true, force: true });
  const cut = await child(variant.script, ['prepare', url, big, store, String(doneChunks)]);
  const saved = `${store}-at-95`;
  await rm(saved, { recursive: true, force: true });
  await cp(store, saved, { recursive: true });
  return { store, saved, cut };
}

async function resumeOnce(variant: Variant, url: string, big: string, prepared: Prepared) {
  await rm(prepared.store, { recursive: true, force: true });
  await cp(prepared.saved, prepared.store, { recursive: true }); // the record at 95 %, again
  const again = await child(variant.script, ['resume', url, big, prepared.store]);
  if (again.chunks !== totalChunks - doneChunks) {
    throw new Error(
      `${variant.name}: the resume sent ${again.chunks} chunks, not ${totalChunks - doneChunks}`,
    );
  }
  return again.ms;
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

async function measureLink(variants: Variant[], sinkScript: string, dir: string, rate: number) {
  const sink = await startHelperProcess(sinkScript, [String(chunkMiB * MiB), String(rate * MiB)]);
  const [big, rest] = [join(dir, 'big.bin'), join(dir, 'rest.bin')];
  try {
    const prepared: Prepared[] = [];
    for (const variant of variants) prepared.push(await prepare(variant, sink.url, big, dir));
    const resumed: number[][] = variants.map(() => []);
    const alone: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [at, variant] of variants.entries()) {
        resumed[at]!.push(await resumeOnce(variant, sink.url, big, prepared[at]!));
      }
      alone.push((await child(variants[0]!.script, ['alone', sink.url, rest])).ms);
    }
    const link = rate > 0 ? `${rate} MiB/s` : 'unthrottled';
    const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join('/');
    const each = variants.map((v, at) => `${v.name} ${ms(resumed[at]!)} ms`).join(', ');
    console.error(`${link}: resumed ${each}; the rest alone ${ms(alone)} ms`);
    return { link, cuts: prepared.map((p) => p.cut.ms), resumed, alone };
  } finally {
    sink.stop();
  }
}

/** The upload code of `ref`, extracted next to node_modules so its imports resolve. */
async function baselineScript(ref: string, dir: string): Promise<string> {
  const root = new URL('..', import.meta.url).pathname;
  const tree = await mkdtemp(join(root, 'node_modules', '.seatpay-baseline-'));
  const archive = execFileSync('git', ['archive', ref, 'src', 'bench'], { cwd: root });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  const entry = new URL(`file://${join(tree, 'bench', 'upload-resume-child.ts')}`);
  const script = await bundleForNode(dir, 'upload-resume-baseline', entry);
  await rm(tree, { recursive: true, force: true });
  return script;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-resume-'));
  try {
    const variants: Variant[] = [
      { name: 'current', script: await bundleForNode(dir, 'upload-resume-child') },
    ];
    if (values.baseline) {
      const script = await baselineScript(values.baseline, dir);
      variants.push({ name: values.baseline, script });
    }
    const sinkScript = await bundleForNode(dir, 'upload-sink');
    await stopEsbuild();
    await makeFile(join(dir, 'big.bin'), sizeMiB * MiB);
    await makeFile(join(dir, 'rest.bin'), restBytes);
    const rows = [];
    for (const rate of values.links.split(',').map(Number)) {
      rows.push(await measureLink(variants, sinkScript, dir, rate));
    }
    console.log(
      `\n${sizeMiB} MiB in ${totalChunks} chunks of ${chunkMiB} MiB, resumed after ${doneChunks} ` +
        `(${(restBytes / MiB) | 0} MiB left); median of ${rounds}, each upload a fresh process\n`,
    );
    const names = variants.map((v) => v.name);
    console.log(
      `| link | ${names.map((n) => `upload to 95 %, ${n} (ms)`).join(' | ')} | ${names.map((n) => `resume at 95 %, ${n} (ms)`).join(' | ')} | the last 5 % alone (ms) |`,
    );
    console.log(`|${' --- |'.repeat(1 + 2 * names.length + 1)}`);
    for (const row of rows) {
      const cuts = row.cuts.map((x) => x.toFixed(0));
      const resumes = row.resumed.map((xs) => median(xs).toFixed(0));
      console.log(
        `| ${row.link} | ${cuts.join(' | ')} | ${resumes.join(' | ')} | ${median(row.alone).toFixed(0)} |`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
