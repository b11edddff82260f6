// Upload benchmark: seatpay's chunked upload from a file path against one raw node:http PUT of the
// same file to the same loopback sink, in the same run, each upload in a fresh process.
//
//   npx tsx bench/upload.ts [--sizes 256,1024] [--chunk-mib 10,128] [--concurrency 4]
//                           [--links 100,0] [--rounds 3]
//
// `--links` lists sink bandwidths in MiB/s (0: unthrottled). The sink and the uploads run as plain
// Node processes from an esbuild bundle: running them under tsx (source maps, loader hooks) costs
// the fetch path a third more CPU and would measure tsx, not seatpay. Prints a markdown table for
// BENCHMARKS.md and checks the targets.
import { execFile } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { bundleForNode, startHelperProcess } from './support.js';

const MiB = 1024 * 1024;
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '256,1024' },
    'chunk-mib': { type: 'string', default: '10,128' },
    concurrency: { type: 'string', default: '4' },
    links: { type: 'string', default: '100,0' },
    rounds: { type: 'string', default: '3' },
  },
});
const list = (value: string) => value.split(',').map(Number);
const concurrency = Number(values.concurrency);
const rounds = Number(values.rounds);

type Mode = 'raw' | 'seatpay' | 'seatpay-clone';
interface Measure {
  ms: number;
  cpuMs: number;
  bytes: number;
  baselineRss: number;
  peakRss: number;
}
interface Row {
  link: string;
  chunkMiB: number;
  sizeMiB: number;
  raw: Measure[];
  seatpay: Measure[];
  /** One upload with fetch's default options, which clone each request body (largest file only). */
  clone: Measure[];
}

const run = promisify(execFile);
const mibps = (m: Measure) => m.bytes / MiB / (m.ms / 1000);
const rssOver = (m: Measure) => (m.peakRss - m.baselineRss) / MiB;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const speed = (ms: Measure[]) => median(ms.map(mibps));
const worstRss = (ms: Measure[]) => Math.max(...ms.map(rssOver));
/** CPU seconds per GiB sent: unlike throughput, it barely moves when other processes compete. */
const cpuPerGiB = (ms: Measure[]) => median(ms.map((m) => m.cpuMs / 1000 / (m.bytes / MiB / 1024)));
const ratio = (row: Row) => speed(row.seatpay) / speed(row.raw);

async function measure(script: string, mode: Mode, url: string, file: string): Promise<Measure> {
  // BENCH_NODE_FLAGS (e.g. --max-semi-space-size=1) reach raw and seatpay alike: for telling V8's
  // own heap sizing apart from memory the upload holds.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const { stdout } = await run(process.execPath, [
    ...flags,
    script,
    mode,
    url,
    file,
    String(concurrency),
  ]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Measure;
}

/** A file of one random 16 MiB block repeated: real bytes on disk, written quickly. */
async function makeFile(dir: string, sizeMiB: number): Promise<string> {
  const path = join(dir, `upload-${sizeMiB}MiB.bin`);
  const block = randomFillSync(Buffer.allocUnsafe(16 * MiB));
  const handle = await open(path, 'w');
  for (let written = 0; written < sizeMiB * MiB; written += block.byteLength) {
    await handle.write(block, 0, Math.min(block.byteLength, sizeMiB * MiB - written));
  }
  await handle.close();
  return path;
}

async function measureRow(child: string, row: Row, url: string, file: string, clone: boolean) {
  for (let round = 0; round < rounds; round++) {
    // Alternate who goes first, so that neither always meets a warmer system.
    const order: Mode[] = round % 2 === 0 ? ['raw', 'seatpay'] : ['seatpay', 'raw'];
    for (const mode of order) {
      (mode === 'raw' ? row.raw : row.seatpay).push(await measure(child, mode, url, file));
    }
  }
  if (clone) row.clone.push(await measure(child, 'seatpay-clone', url, file));
  console.error(
    `${row.link}, chunk ${row.chunkMiB} MiB, ${row.sizeMiB} MiB: ` +
      `raw ${row.raw.map((m) => mibps(m).toFixed(0)).join('/')} MiB/s, ` +
      `seatpay ${row.seatpay.map((m) => mibps(m).toFixed(0)).join('/')} MiB/s`,
  );
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-'));
  const rows: Row[] = [];
  try {
    const [child, sinkScript] = [
      await bundleForNode(dir, 'upload-child'),
      await bundleForNode(dir, 'upload-sink'),
    ];
    await stopEsbuild(); // its service process would otherwise compete for the CPU
    const files = new Map<number, string>();
    for (const size of list(values.sizes)) files.set(size, await makeFile(dir, size));
    for (const chunkMiB of list(values['chunk-mib'])) {
      for (const rate of list(values.links)) {
        const sink = await startHelperProcess(sinkScript, [
          String(chunkMiB * MiB),
          String(rate * MiB),
        ]);
        const link = rate > 0 ? `${rate} MiB/s` : 'unthrottled';
        try {
          for (const [sizeMiB, file] of files) {
            const row: Row = { link, chunkMiB, sizeMiB, raw: [], seatpay: [], clone: [] };
            await measureRow(child, row, sink.url, file, sizeMiB === Math.max(...files.keys()));
            rows.push(row);
          }
        } finally {
          sink.stop();
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  report(rows);
}

const budgetMiB = (chunkMiB: number) => 64 + chunkMiB * (concurrency + 1);

function report(rows: Row[]): void {
  console.log(
    `\nNode ${process.version}, concurrency ${concurrency}, ${rounds} rounds: ` +
      `median throughput, worst peak RSS over baseline\n`,
  );
  console.log(
    '| link | chunk_size | file | raw PUT MiB/s | seatpay MiB/s | ratio | raw RSS Δ MiB | ' +
      'seatpay RSS Δ MiB | budget MiB | seatpay, fetch defaults (clone) RSS Δ MiB | ' +
      'raw CPU s/GiB | seatpay CPU s/GiB |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    const clone = row.clone.length ? worstRss(row.clone).toFixed(0) : '';
    console.log(
      `| ${row.link} | ${row.chunkMiB} MiB | ${row.sizeMiB} MiB | ${speed(row.raw).toFixed(0)} | ` +
        `${speed(row.seatpay).toFixed(0)} | ${ratio(row).toFixed(2)} | ${worstRss(row.raw).toFixed(0)} | ` +
        `${worstRss(row.seatpay).toFixed(0)} | ${budgetMiB(row.chunkMiB)} | ${clone} | ` +
        `${cpuPerGiB(row.raw).toFixed(2)} | ${cpuPerGiB(row.seatpay).toFixed(2)} |`,
    );
  }
  reportTargets(rows);
}

function reportTargets(rows: Row[]): void {
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\nTargets:');
  for (const row of rows) {
    const target = row.link === 'unthrottled' ? 0.9 : 0.95;
    const name = `${row.link}, chunk ${row.chunkMiB} MiB, ${row.sizeMiB} MiB`;
    console.log(`- ${name}: ratio >= ${target}: ${verdict(ratio(row) >= target)}`);
  }
  // Memory must not grow with the file: compare the file sizes of each link and chunk size.
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `${row.link}, chunk ${row.chunkMiB} MiB`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [name, group] of groups) {
    const peaks = group.map((row) => worstRss(row.seatpay));
    const [low, high] = [Math.min(...peaks), Math.max(...peaks)];
    const budget = budgetMiB(group[0]!.chunkMiB);
    console.log(
      `- ${name}: peak RSS Δ across file sizes differ by ${((high / low - 1) * 100).toFixed(0)} % ` +
        `(<= 20 %: ${verdict(high / low - 1 <= 0.2)}), max ${high.toFixed(0)} MiB ` +
        `(<= ${budget}: ${verdict(high <= budget)})`,
    );
  }
}

await main();
