// Upload benchmark: seatpay's chunked upload from every kind of source (a path, an in-memory Blob,
// a file-backed File, a Uint8Array, a web ReadableStream, a Node Readable) against one raw
// node:http PUT of the same file to the same loopback sink, in the same run, each upload in a
// fresh process.
//
//   npx tsx bench/upload.ts [--sources path,blob,file,bytes,web-stream,node-stream,path+md5,...]
//                           [--sizes 256,1024] [--chunk-mib 10] [--concurrency 4]
//                           [--links 0] [--rounds 3] [--before <worktree>] [--warm]
//
// A source named `<source>+md5` uploads with `checkDigest: true` (the sink names the file by its
// md5, as the service does), to measure the check beside the same source without it. The sink
// does not hash: it answers the md5 computed once before the runs, so the service's own hashing
// is not counted and the client's CPU s/GiB is the client's alone.
// `--before <worktree>` also runs every source from another checkout (say main, in a git worktree
// whose node_modules is linked), as `<source>@before`, interleaved with the rest: a before/after
// table from one run. `memory-stream` is a stream of views of bytes already in memory: it allocates
// nothing, so it tells the upload's own cost apart from what reading a real stream costs.
// `byte-stream` is the file as a web byte stream (`type: 'bytes'`) that fills a BYOB reader's buffer
// where it is given one and enqueues a fresh 1 MiB piece otherwise; `byob-stream` is the same
// stream as a class of its own (read through a BYOB reader); `blob-stream` is Node's own byte
// stream of a file-backed Blob, a fresh piece per read as a fetch body's. `web-stream` stays a
// default (not byte) stream; `web-stream-ahead` is that stream queueing 4 pieces ahead of its
// reader (a default stream queues one): whether the upload waits on the stream's reads. To
// compare against a checkout without a source, copy this bench/upload-child.ts into it: the child
// measures whatever src/ sits beside it.
// `node-stream-64k` is createReadStream with its default 64 KiB reads (node-stream reads 1 MiB);
// `node-readable` is node-stream through a PassThrough: any other Readable, whose pieces the upload
// never frees.
// `web-stream-handed` and `node-readable-handed` are web-stream and node-readable with
// `transferPieces: true`: their pieces handed over to the upload, which frees each once copied.
// `raw-web-stream` is no upload: one raw PUT of the `web-stream` source's own stream, holding
// nothing for a retry, the floor of reading that stream (its fresh pieces wait for V8's
// collection in any reader); the targets then also say how far `web-stream` is above it.
// `--warm` makes `fetch` (undici) hot in each child before its baseline: cold, a process's first
// few fetch calls (an upload's operation type and finalize) get undici's WebAssembly HTTP parser
// compiled again by TurboFan, some 20 MiB of compiler memory kept and a few hundred ms of a core,
// once per process, which the raw PUT (node:http) never pays (BENCHMARKS.md, stream19).
// `--links` lists sink bandwidths in MiB/s (0: unthrottled); `path-clone` is a further source (a
// path, through a `fetch` with fetch's default options). The sink and the uploads run as plain
// Node processes from an esbuild bundle: running them under tsx (source maps, loader hooks) costs
// the fetch path a third more CPU and would measure tsx, not seatpay. The sink checks the file
// bytes it received and counts the chunk requests in flight. Prints a markdown table for
// BENCHMARKS.md, the load average, and checks the targets.
import { execFile } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { bundleForNode, startHelperProcess } from './support.js';
import type { SinkStats } from './upload-sink.js';

const MiB = 1024 * 1024;
const { values } = parseArgs({
  options: {
    sources: { type: 'string', default: 'path,blob,file,bytes,web-stream,node-stream' },
    sizes: { type: 'string', default: '256,1024' },
    'chunk-mib': { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '4' },
    links: { type: 'string', default: '0' },
    rounds: { type: 'string', default: '3' },
    before: { type: 'string' },
    warm: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  // This file's opening comment is its help.
  const text = readFileSync(new URL(import.meta.url), 'utf8');
  const head = text.slice(0, text.indexOf('\nimport '));
  console.log(head.replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}
// Each child inherits this environment (see bench/upload-child.ts's BENCH_WARM).
if (values.warm) process.env.BENCH_WARM = '1';
const list = (value: string) => value.split(',').map(Number);
const sources = values.sources.split(',');
/** Modes run by the other checkout's child (`--before`): `<source>@before`. */
const BEFORE = '@before';
const concurrency = Number(values.concurrency);
const rounds = Number(values.rounds);
/** Peak RSS over baseline that any source may use, whatever the file size. */
const RSS_BUDGET_MIB = 64;
/** A mode that sends a source's stream in one raw PUT (`raw-web-stream`): that source's floor. */
const RAW_FLOOR = 'raw-';

interface Measure {
  ms: number;
  cpuMs: number;
  /** The upload's thread alone (absent from a `--before` checkout that did not measure it). */
  threadCpuMs?: number;
  bytes: number;
  baselineRss: number;
  peakRss: number;
  stats: SinkStats;
}
interface Row {
  link: string;
  chunkMiB: number;
  sizeMiB: number;
  raw: Measure[];
  bySource: Map<string, Measure[]>;
}

const run = promisify(execFile);
const mibps = (m: Measure) => m.bytes / MiB / (m.ms / 1000);
const rssOver = (m: Measure) => (m.peakRss - m.baselineRss) / MiB;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const speed = (ms: Measure[]) => median(ms.map(mibps));
const worstRss = (ms: Measure[]) => Math.max(...ms.map(rssOver));
/** CPU seconds per GiB sent: unlike throughput, it barely moves when other processes compete. */
const cpuPerGiB = (ms: Measure[]) => median(ms.map((m) => m.cpuMs / 1000 / (m.bytes / MiB / 1024)));
/** The upload thread's CPU s/GiB, or '–' where it was not measured. */
const threadCpuPerGiB = (ms: Measure[]) =>
  ms.every((m) => m.threadCpuMs !== undefined)
    ? median(ms.map((m) => m.threadCpuMs! / 1000 / (m.bytes / MiB / 1024))).toFixed(2)
    : '–';
/** The sink's CPU s/GiB while the upload ran: what the service's side took of the cores. */
const sinkCpuPerGiB = (ms: Measure[]) =>
  median(ms.map((m) => m.stats.cpuMs / 1000 / (m.bytes / MiB / 1024)));
const meanInFlight = (ms: Measure[]) => median(ms.map((m) => m.stats.meanInFlight));
const maxInFlight = (ms: Measure[]) => Math.max(...ms.map((m) => m.stats.maxInFlight));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

interface Children {
  now: string;
  before: string | undefined;
}

async function measure(
  children: Children,
  mode: string,
  url: string,
  file: string,
): Promise<Measure> {
  const script = mode.endsWith(BEFORE) ? children.before! : children.now;
  // BENCH_NODE_FLAGS (e.g. --max-semi-space-size=1) reach raw and seatpay alike: for telling V8's
  // own heap sizing apart from memory the upload holds.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const args = [
    ...flags,
    '--expose-gc',
    script,
    mode.replace(BEFORE, ''),
    url,
    file,
    String(concurrency),
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * MiB });
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

async function md5Of(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const piece of createReadStream(path)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

async function measureRow(children: Children, row: Row, url: string, file: string) {
  // A floor (`raw-web-stream`) is the same in both checkouts: measured once.
  const before = children.before
    ? sources.filter((source) => !source.startsWith(RAW_FLOOR)).map((source) => source + BEFORE)
    : [];
  const modes = ['raw', ...sources, ...before];
  for (let round = 0; round < rounds; round++) {
    // Rotate who goes first, so that none always meets a warmer (or busier) system.
    const order = modes.map((_, i) => modes[(i + round) % modes.length]!);
    for (const mode of order) {
      const result = await measure(children, mode, url, file);
      if (mode === 'raw') row.raw.push(result);
      else row.bySource.set(mode, [...(row.bySource.get(mode) ?? []), result]);
    }
  }
  const figures = [...row.bySource].map(([mode, ms]) => `${mode} ${speed(ms).toFixed(0)}`);
  console.error(
    `${row.link}, chunk ${row.chunkMiB} MiB, ${row.sizeMiB} MiB (load ${load()}): ` +
      `raw ${speed(row.raw).toFixed(0)}, ${figures.join(', ')} MiB/s`,
  );
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-'));
  const rows: Row[] = [];
  const loadBefore = load();
  try {
    const children: Children = {
      now: await bundleForNode(dir, 'upload-child'),
      before:
        values.before === undefined
          ? undefined
          : await bundleForNode(
              dir,
              'upload-child-before',
              pathToFileURL(join(values.before, 'bench/upload-child.ts')),
            ),
    };
    const sinkScript = await bundleForNode(dir, 'upload-sink');
    await stopEsbuild(); // its service process would otherwise compete for the CPU
    const files = new Map<number, string>();
    for (const size of list(values.sizes)) files.set(size, await makeFile(dir, size));
    // The sink names each file by its md5, as the service does: `<source>+md5` checks it.
    const md5BySize: Record<string, string> = {};
    for (const [size, file] of files) md5BySize[String(size * MiB)] = await md5Of(file);
    for (const chunkMiB of list(values['chunk-mib'])) {
      for (const rate of list(values.links)) {
        const sink = await startHelperProcess(sinkScript, [
          String(chunkMiB * MiB),
          String(rate * MiB),
          JSON.stringify(md5BySize),
        ]);
        const link = rate > 0 ? `${rate} MiB/s` : 'unthrottled';
        try {
          for (const [sizeMiB, file] of files) {
            const row: Row = { link, chunkMiB, sizeMiB, raw: [], bySource: new Map() };
            await measureRow(children, row, sink.url, file);
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
  report(rows, loadBefore);
}

function report(rows: Row[], loadBefore: string): void {
  console.log(
    `\nNode ${process.version}, concurrency ${concurrency}, ${rounds} rounds; load average ` +
      `(1, 5, 15 min) ${loadBefore} before, ${load()} after. Median throughput and in-flight ` +
      `chunks, worst peak RSS over baseline${values.warm ? ' (fetch warmed before it)' : ''}.\n`,
  );
  console.log(
    '| source | link | chunk_size | file | raw PUT MiB/s | source MiB/s | ratio | raw RSS Δ MiB | ' +
      'source RSS Δ MiB | chunks in flight (mean / max) | raw CPU s/GiB | source CPU s/GiB | ' +
      'its upload thread CPU s/GiB | sink CPU s/GiB |',
  );
  console.log(
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const row of rows) {
    for (const [source, ms] of row.bySource) {
      console.log(
        `| ${source} | ${row.link} | ${row.chunkMiB} MiB | ${row.sizeMiB} MiB | ` +
          `${speed(row.raw).toFixed(0)} | ${speed(ms).toFixed(0)} | ` +
          `${(speed(ms) / speed(row.raw)).toFixed(2)} | ${worstRss(row.raw).toFixed(0)} | ` +
          `${worstRss(ms).toFixed(0)} | ${meanInFlight(ms).toFixed(1)} / ${maxInFlight(ms)} | ` +
          `${cpuPerGiB(row.raw).toFixed(2)} | ${cpuPerGiB(ms).toFixed(2)} | ` +
          `${threadCpuPerGiB(ms)} | ${sinkCpuPerGiB(ms).toFixed(2)} |`,
      );
    }
  }
  reportTargets(rows);
}

function reportTargets(rows: Row[]): void {
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\nTargets:');
  for (const row of rows) {
    // Issue 40: the digest check costs at most 5 % of the same source's throughput.
    for (const [source, ms] of row.bySource) {
      // `path+md5@before` is measured against `path@before`.
      const base = source.replace(/\+md5(@before)?$/, '$1');
      const without = row.bySource.get(base);
      if (base === source || !without) continue;
      const ratio = speed(ms) / speed(without);
      console.log(
        `- ${source} vs ${base}, ${row.link}, ${row.sizeMiB} MiB: ` +
          `ratio ${ratio.toFixed(2)} >= 0.95: ${verdict(ratio >= 0.95)}`,
      );
    }
    const target = 0.9; // issue #20: every source at least 0.9 x the raw PUT
    for (const [source, ms] of row.bySource) {
      if (source.startsWith(RAW_FLOOR)) continue; // a floor, not an upload: no target of its own
      const ratio = speed(ms) / speed(row.raw);
      const rss = worstRss(ms);
      // A stream's own fresh pieces wait for V8's collection in any reader of it, the raw PUT
      // included (BENCHMARKS.md, issue 40, third pass): the RSS beyond the raw PUT's is the upload's.
      const beyondRaw = rss - worstRss(row.raw);
      // The same stream sent by a raw PUT that holds nothing (`raw-web-stream`): what is left is
      // the upload's own (the chunks it keeps for a retry, its CPU).
      const floor = row.bySource.get(RAW_FLOOR + source.replace(/\+md5$/, ''));
      const overFloor = floor
        ? `; against the same stream raw: ${(speed(ms) / speed(floor)).toFixed(2)} x, ` +
          `${signed(rss - worstRss(floor))} MiB`
        : '';
      console.log(
        `- ${source}, ${row.link}, chunk ${row.chunkMiB} MiB, ${row.sizeMiB} MiB: ` +
          `ratio ${ratio.toFixed(2)} >= ${target}: ${verdict(ratio >= target)}; ` +
          `RSS Δ ${rss.toFixed(0)} <= ${RSS_BUDGET_MIB} MiB: ${verdict(rss <= RSS_BUDGET_MIB)} ` +
          `(${signed(beyondRaw)} MiB beyond the raw PUT's); ` +
          `mean in flight ${meanInFlight(ms).toFixed(1)} of ${concurrency}${overFloor}`,
      );
    }
  }
}

function signed(mib: number): string {
  return `${mib >= 0 ? '+' : ''}${mib.toFixed(0)}`;
}

await main();
