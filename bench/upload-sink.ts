// The loopback sink of the upload benchmark: counts bytes and throws them away. It answers a raw
// PUT and the media routes a chunked upload needs, minimally. An optional token bucket, shared by
// every connection, limits the whole sink to a bandwidth, like one uplink.
//
// `GET /__stats` answers what arrived since the last call (and starts over): the file bytes of
// every chunk or PUT, and how many chunk requests were in flight (the most, and the mean over the
// time any was), so that the benchmark checks the byte count and sees the real concurrency.
//
// Run by bench/upload.ts in its own process: `upload-sink <chunk_size> <bytes per second | 0>`
// prints the sink's URL and serves until stdin closes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Sink {
  url: string;
  close(): Promise<void>;
}

export interface SinkOptions {
  /** Bytes per second for all connections together; unlimited when absent. */
  bytesPerSecond?: number;
  chunkSize: number;
  /**
   * The md5 of each file the bench uploads, by its size: what finalize answers as the file's
   * `name`, as the real service names a file by the md5 of what it assembled (so an upload that
   * checks its digest resolves). Another size is answered `file-<n>`.
   */
  md5BySize?: Record<string, string>;
}

/** What arrived since the last `GET /__stats`. */
export interface SinkStats {
  /** File bytes: a chunk's `chunk` part, or a PUT's whole body. */
  fileBytes: number;
  chunks: number;
  maxInFlight: number;
  /** Chunk requests in flight, averaged over the time at least one was. */
  meanInFlight: number;
  /** The sink's own CPU (the service's side of the loopback), in ms. */
  cpuMs: number;
}

/** Counts chunk requests in flight over time. */
function inFlightMeter() {
  let active = 0;
  let max = 0;
  let area = 0;
  let busyMs = 0;
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    if (active > 0) {
      area += active * (now - last);
      busyMs += now - last;
    }
    last = now;
  };
  return {
    enter() {
      tick();
      max = Math.max(max, ++active);
    },
    leave() {
      tick();
      active--;
    },
    read() {
      tick();
      const stats = { maxInFlight: max, meanInFlight: busyMs > 0 ? area / busyMs : 0 };
      [max, area, busyMs] = [active, 0, 0];
      return stats;
    },
  };
}

export async function startSink(options: SinkOptions): Promise<Sink> {
  const bucket = options.bytesPerSecond ? tokenBucket(options.bytesPerSecond) : undefined;
  const meter = inFlightMeter();
  let files = 0;
  let fileBytes = 0;
  let chunks = 0;
  let cpuMark = process.cpuUsage();

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'GET' && path.startsWith('/v2/media/operationtype/')) {
      return json(res, 200, { chunk_size: options.chunkSize, max_chunks: null });
    }
    if (req.method === 'GET' && path === '/__stats') {
      const cpu = process.cpuUsage(cpuMark);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      json(res, 200, { fileBytes, chunks, ...meter.read(), cpuMs } satisfies SinkStats);
      [fileBytes, chunks, cpuMark] = [0, 0, process.cpuUsage()];
      return;
    }
    const isChunk = req.method === 'POST' && path === '/v2/media/me/chunk';
    if (isChunk) {
      meter.enter();
      res.on('close', () => meter.leave());
    }
    let head = '';
    let bytes = 0;
    req.on('data', (piece: Buffer) => {
      bytes += piece.byteLength;
      // The form fields come first in a chunk body: keep only its opening bytes to read them.
      if (head.length < 2048) head += piece.subarray(0, 2048).toString('latin1');
      const wait = bucket?.take(piece.byteLength) ?? 0;
      if (wait > 0) {
        req.pause();
        setTimeout(() => req.resume(), wait);
      }
    });
    req.on('end', () => {
      if (isChunk) chunks++;
      fileBytes += isChunk ? partBytes(req, head, bytes) : req.method === 'PUT' ? bytes : 0;
      answer(req, res, path, head, ++files, options.md5BySize?.[String(fileBytes)]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The bytes of a chunk body's file part: what follows its part headers, up to the closing
 * delimiter (`\r\n--boundary--\r\n`, the last bytes of the body). -1 for a body it cannot read.
 */
function partBytes(req: IncomingMessage, head: string, bytes: number): number {
  const boundary = /boundary=("?)([^";]+)\1/.exec(req.headers['content-type'] ?? '')?.[2];
  const part = head.indexOf('name="chunk"');
  const start = part < 0 ? -1 : head.indexOf('\r\n\r\n', part);
  if (!boundary || start < 0) return -1;
  return bytes - (start + 4) - (boundary.length + 8);
}

function answer(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  head: string,
  n: number,
  md5: string | undefined,
) {
  if (req.method === 'PUT' && path === '/raw') return json(res, 200, { ok: true });
  if (req.method === 'POST' && path === '/v2/media/me/chunk') {
    const field = (name: string) =>
      Number(new RegExp(`name="${name}"\\r\\n\\r\\n(\\d+)`).exec(head)?.[1]);
    return json(res, 201, {
      chunk_index: field('chunk_index'),
      total_chunks: field('total_chunks'),
      operation_type: 'bench',
    });
  }
  if (req.method === 'POST' && path === '/v2/media/me/chunk/upload') {
    return json(res, 201, { id: n, name: md5 ?? `file-${n}`, status: 'CREATED' });
  }
  json(res, 404, { detail: 'not found' });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** How long to wait before reading more, so the average rate stays at `bytesPerSecond`. */
function tokenBucket(bytesPerSecond: number) {
  const burst = bytesPerSecond / 20; // 50 ms worth of bytes
  let tokens = burst;
  let last = performance.now();
  return {
    take(bytes: number): number {
      const now = performance.now();
      tokens = Math.min(burst, tokens + ((now - last) * bytesPerSecond) / 1000) - bytes;
      last = now;
      return tokens >= 0 ? 0 : (-tokens * 1000) / bytesPerSecond;
    },
  };
}

if (process.argv[1] && /upload-sink\.(ts|mjs)$/.test(process.argv[1])) {
  const [chunkSize, rate] = process.argv.slice(2, 4).map(Number) as [number, number];
  const md5BySize = JSON.parse(process.argv[4] ?? '{}') as Record<string, string>;
  const sink = await startSink({
    chunkSize,
    md5BySize,
    ...(rate > 0 ? { bytesPerSecond: rate } : {}),
  });
  console.log(sink.url);
  process.stdin.resume().on('end', () => void sink.close());
}
