// One measured upload, in a fresh process so that its peak RSS is its own. Prints one JSON line:
// { ms, cpuMs, threadCpuMs, byThread, loopBusy, pulls?, atPeak?, bytes, baselineRss, peakRss,
// stats } (bench/upload-gc.ts says what each is). Run by bench/upload.ts; not meant to be run
// by hand (it needs --expose-gc, so that the source's own setup is collected before the baseline).
import { createReadStream, openAsBlob, readdirSync, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { createClient, type UploadSource } from '../src/index.js';
import { fromPath } from '../src/node.js';
import type { SinkStats } from './upload-sink.js';

/** `raw` is the baseline; the others are `client.media.upload` from one kind of source. */
type Kind =
  | 'path'
  | 'path-clone'
  | 'blob'
  | 'file'
  | 'bytes'
  | 'web-stream'
  | 'web-stream-ahead'
  | 'web-stream-handed'
  | 'byte-stream'
  | 'byob-stream'
  | 'blob-stream'
  | 'node-stream'
  | 'node-stream-64k'
  | 'node-readable'
  | 'node-readable-handed'
  | 'memory-stream';
/**
 * `raw-web-stream`: one raw PUT fed from the same default web stream as `web-stream`, holding
 * nothing for a retry: the floor of what reading that stream costs (its fresh pieces wait for V8's
 * collection), which tells the upload's own memory and CPU apart from the source's.
 */
type Mode = 'raw' | 'raw-web-stream' | Kind | `${Kind}+md5`;
const [mode, url, file, concurrency] = process.argv.slice(2) as [Mode, string, string, string];
/** `<source>+md5`: the same upload with the digest check (the sink answers the file's md5). */
const [kind, checked] = mode.split('+') as [Kind | 'raw', string | undefined];
const size = statSync(file).size;
const MiB = 1024 * 1024;

/** One PUT of the whole file, piped from disk (or from `body`): the most node:http can do. */
function rawPut(body?: ReadableStream<Uint8Array>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/raw`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': size },
    });
    req.on('response', (res) => res.resume().on('end', resolve).on('error', reject));
    req.on('error', reject);
    // 1 MiB reads, as fromPath does: the two differ by transport only, not by disk read size.
    const from = body
      ? Readable.fromWeb(body as NodeWebStream)
      : createReadStream(file, { highWaterMark: MiB });
    from.on('error', reject).pipe(req);
  });
}

/**
 * The file's bytes in memory, read block by block into one reused 16 MiB buffer and handed to
 * `use` (which copies them): no garbage as large as the file is left to blur the baseline.
 */
async function eachBlock(use: (block: Uint8Array<ArrayBuffer>, at: number) => void): Promise<void> {
  const handle = await open(file);
  const block = new Uint8Array(16 * MiB);
  for (let at = 0; at < size; at += block.byteLength) {
    const { bytesRead } = await handle.read(block, 0, Math.min(block.byteLength, size - at), at);
    use(block.subarray(0, bytesRead), at);
  }
  await handle.close();
}

/**
 * The web stream's pulls: how long its file reads took, and how long it sat full between them
 * waiting for its reader (a stream that waits on its reads starves the upload; one that waits on
 * its reader is starved by it).
 */
const pulls = { count: 0, readMs: 0, idleMs: 0, lastEnd: 0 };

/** The file as a web stream that reads 1 MiB when asked (a pull source, as `fetch` bodies are). */
function webFileStream(highWaterMark = 1): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let at = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        handle ??= await open(file);
        const asked = performance.now();
        if (pulls.count > 0) pulls.idleMs += asked - pulls.lastEnd;
        const piece = new Uint8Array(Math.min(MiB, size - at));
        const { bytesRead } = await handle.read(piece, 0, piece.byteLength, at);
        pulls.lastEnd = performance.now();
        pulls.readMs += pulls.lastEnd - asked;
        pulls.count++;
        at += bytesRead;
        if (bytesRead > 0) controller.enqueue(piece.subarray(0, bytesRead));
        if (bytesRead === 0 || at >= size) {
          controller.close();
          await handle.close();
        }
      },
      cancel: () => handle?.close(),
    },
    { highWaterMark },
  );
}

/**
 * The file as a web byte stream that reads 1 MiB when asked: into the reader's own buffer where it
 * gives one (`controller.byobRequest`, a BYOB read), else into a fresh piece it enqueues.
 */
type ByteStreamClass = new (source: UnderlyingByteSource) => ReadableStream<Uint8Array>;

function byteFileStream(Stream: ByteStreamClass = ReadableStream): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let at = 0;
  return new Stream({
    type: 'bytes',
    async pull(controller) {
      handle ??= await open(file);
      const request = controller.byobRequest;
      const view = request?.view
        ? new Uint8Array(request.view.buffer, request.view.byteOffset, request.view.byteLength)
        : new Uint8Array(MiB);
      const length = Math.min(view.byteLength, MiB, size - at);
      const { bytesRead } = await handle.read(view, 0, length, at);
      at += bytesRead;
      if (bytesRead > 0) {
        if (request) request.respond(bytesRead);
        else controller.enqueue(view.subarray(0, bytesRead));
      }
      if (bytesRead === 0 || at >= size) {
        await handle.close();
        controller.close();
        // A BYOB read asked for meanwhile ends (done) only once its request is told nothing came.
        controller.byobRequest?.respond(0);
      }
    },
    cancel: () => handle?.close(),
  });
}

/** A byte stream of a class of its own (as a library's may be): read through a BYOB reader. */
class OwnByteStream extends (ReadableStream as ByteStreamClass) {}

async function* viewsOf(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += MiB) yield bytes.subarray(at, at + MiB);
}

/** The source under test, made before the baseline is taken: only the upload is measured. */
async function sourceOf(kind: Kind): Promise<UploadSource> {
  switch (kind) {
    case 'path':
    case 'path-clone':
      return fromPath(file, { type: 'application/octet-stream' });
    case 'blob': {
      // In memory: a Blob copies each part given to it.
      const parts: Blob[] = [];
      await eachBlock((block) => parts.push(new Blob([block])));
      return new Blob(parts, { type: 'application/octet-stream' });
    }
    case 'file': // on disk, through Node's own file-backed Blob (not fromPath)
      return new File([await openAsBlob(file)], 'bench.bin', { type: 'application/octet-stream' });
    case 'bytes': {
      const bytes = new Uint8Array(size);
      await eachBlock((block, at) => bytes.set(block, at));
      return bytes;
    }
    // Streams read the file in 1 MiB pieces, as the raw PUT does: the two differ by transport only.
    case 'web-stream':
      return { stream: webFileStream(), size };
    // The same stream, its pieces handed over to the upload (freed once copied).
    case 'web-stream-handed':
      return { stream: webFileStream(), size, transferPieces: true } as UploadSource;
    // The same stream queueing 4 pieces ahead of its reader (a default stream queues one).
    case 'web-stream-ahead':
      return { stream: webFileStream(4), size };
    // A byte stream: its pieces are the upload's own to free, or read into the upload's buffer.
    case 'byte-stream':
      return { stream: byteFileStream(), size };
    case 'byob-stream':
      return { stream: byteFileStream(OwnByteStream), size };
    // Node's own byte stream of a file-backed Blob: a fresh piece per read, as a fetch body's.
    case 'blob-stream':
      return { stream: (await openAsBlob(file)).stream(), size };
    case 'node-stream':
      return { stream: createReadStream(file, { highWaterMark: MiB }), size };
    // createReadStream as most callers make it: Node's default 64 KiB reads.
    case 'node-stream-64k':
      return { stream: createReadStream(file), size };
    // Any other Node Readable (here the file stream through a PassThrough): its pieces are never
    // freed by the upload, which cannot know who else holds them.
    case 'node-readable':
      return {
        stream: createReadStream(file, { highWaterMark: MiB }).pipe(
          new PassThrough({ highWaterMark: MiB }),
        ),
        size,
      };
    case 'node-readable-handed':
      return {
        stream: createReadStream(file, { highWaterMark: MiB }).pipe(
          new PassThrough({ highWaterMark: MiB }),
        ),
        size,
        transferPieces: true,
      } as UploadSource;
    // The file's bytes in memory, yielded as 1 MiB views: a stream that allocates nothing, to tell
    // the upload's own cost apart from what reading a real stream costs.
    case 'memory-stream': {
      const bytes = new Uint8Array(size);
      await eachBlock((block, at) => bytes.set(block, at));
      return { stream: viewsOf(bytes), size };
    }
  }
}

/**
 * `path-clone` undoes the core's `redirect: 'error', window: null`: fetch then keeps a clone of
 * each request body (upload-anchors.md §4), to show what those options save.
 */
const cloningFetch: typeof fetch = (input, init) =>
  fetch(new Request(input as Request, { redirect: 'follow' }), init);

async function stats(): Promise<SinkStats> {
  return (await (await fetch(`${url}/__stats`)).json()) as SinkStats;
}

const rawBody = mode === 'raw-web-stream' ? webFileStream() : undefined;
const source = kind === 'raw' || rawBody ? undefined : await sourceOf(kind);
const client = createClient({
  baseUrl: url,
  token: 'bench-token',
  logLevel: 'off',
  ...(kind === 'path-clone' ? { fetch: cloningFetch } : {}),
});
/**
 * BENCH_WARM=1: fetch (undici) made hot before the baseline. A process's first few `fetch` calls
 * get undici's HTTP parser, a WebAssembly function, compiled again by TurboFan in the background:
 * some 20 MiB of compiler memory that the allocator keeps, and a few hundred ms of a core, once
 * per process (BENCHMARKS.md, stream19). Cold, an upload (whose small calls go through fetch)
 * pays for it; the raw PUT (node:http) does not. Warm, the upload's RSS is its own.
 */
if (process.env.BENCH_WARM) {
  for (let call = 0; call < 20; call++) await stats();
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the compile runs in the background
}
await stats(); // starts the sink's counts over
(globalThis as { gc?: () => void }).gc?.();

const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const baseline = process.memoryUsage();
/**
 * The RSS by kind in MiB (Linux: /proc/self/status): `RssAnon` (heap, array buffers, malloc),
 * `RssFile` (the node binary's and libraries' pages, first touched by new code paths).
 */
function rssKinds(): { RssAnon: number; RssFile: number } | undefined {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const mib = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
    return { RssAnon: mib('RssAnon'), RssFile: mib('RssFile') };
  } catch {
    return undefined;
  }
}
const baselineKinds = rssKinds();
/** {@link rssKinds} over the baseline. */
function rssKindsOver(): Record<string, number> {
  const now = rssKinds();
  if (!now || !baselineKinds) return {};
  return {
    RssAnon: Math.round(now.RssAnon - baselineKinds.RssAnon),
    RssFile: Math.round(now.RssFile - baselineKinds.RssFile),
  };
}
/** BENCH_PEAK=1: what the peak RSS is made of (V8's heap, array buffers), sampled at the peak. */
const breakdown = process.env.BENCH_PEAK !== undefined;
let atPeak: Record<string, number> | undefined;
let maxArrayBuffers = 0;
const sampler = setInterval(() => {
  if (!breakdown) {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    return;
  }
  const usage = process.memoryUsage();
  // Freed pieces stay in the allocator's heap: the RSS's peak is where live and dead peaked.
  maxArrayBuffers = Math.max(maxArrayBuffers, usage.arrayBuffers - baseline.arrayBuffers);
  if (usage.rss <= peakRss) return;
  peakRss = usage.rss;
  const over = (key: 'heapTotal' | 'arrayBuffers' | 'external') =>
    Math.round((usage[key] - baseline[key]) / MiB);
  const spaces = getHeapSpaceStatistics().map((space) => [
    space.space_name,
    Math.round(space.physical_space_size / MiB),
  ]);
  atPeak = {
    ...rssKindsOver(),
    heapTotal: over('heapTotal'),
    arrayBuffers: over('arrayBuffers'),
    external: over('external'),
    ...Object.fromEntries(spaces),
  };
}, 5);

const threadsBefore = cpuByThreadName();
const cpuBefore = process.cpuUsage();
// The upload's own thread alone (a worker's CPU, such as an md5 worker's, is in cpuMs, not here).
const threadBefore = process.threadCpuUsage();
const started = performance.now();
const loopBefore = performance.eventLoopUtilization();
await (source === undefined
  ? rawPut(rawBody)
  : client.media.upload(source, {
      operation_type: 'bench',
      filename: 'bench.bin',
      concurrency: Number(concurrency),
      checkDigest: checked === 'md5',
      // BENCH_RESUME=1: with a resume record (in memory), each chunk digested before it is sent.
      ...(process.env.BENCH_RESUME ? { resume: { store: mapStore(), key: 'bench' } } : {}),
    }));
const ms = performance.now() - started;
// The share of the upload's time the event loop ran (JS and collections' pauses), not waited.
const loopBusy = performance.eventLoopUtilization(loopBefore).utilization;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
const thread = process.threadCpuUsage(threadBefore);
const threadCpuMs = (thread.user + thread.system) / 1000;
const byThread = subtractThreads(cpuByThreadName(), threadsBefore);
const received = await stats();
if (received.fileBytes !== size) {
  throw new Error(`The sink received ${received.fileBytes} file bytes of ${size}`);
}
console.log(
  JSON.stringify({
    ms,
    cpuMs,
    threadCpuMs,
    byThread,
    loopBusy,
    ...(atPeak
      ? { atPeak: { ...atPeak, maxArrayBuffers: Math.round(maxArrayBuffers / MiB) } }
      : {}),
    ...(pulls.count > 0 ? { pulls: { ...pulls, lastEnd: undefined } } : {}),
    bytes: size,
    baselineRss,
    peakRss,
    stats: received,
  }),
);

/** An upload store in memory: the resume path's cost, with no disk write counted. */
function mapStore() {
  const records = new Map<string, unknown>();
  return {
    get: async (key: string) => records.get(key),
    set: async (key: string, record: unknown) => void records.set(key, record),
    delete: async (key: string) => void records.delete(key),
  };
}

/**
 * CPU ms by thread name (Linux /proc: `node` the main thread, `V8 DefaultWorke` V8's background
 * threads (concurrent marking, sweeping, compiles), `libuv-worker` the file reads): where the
 * time a collection or a read costs goes. Empty where /proc is missing.
 */
function cpuByThreadName(): Record<string, number> {
  const byName: Record<string, number> = {};
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return byName;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces: the fields after it are space-separated.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
      byName[name] = (byName[name] ?? 0) + ticks * 10; // 100 ticks a second on Linux
    } catch {
      // The thread ended meanwhile.
    }
  }
  return byName;
}

function subtractThreads(
  after: Record<string, number>,
  before: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]),
  );
}
