// `fromPath` files send their chunks over node:http, encoded by form-data (src/node/), instead of
// Node's fetch, still through the core's single request path: these tests go through the public
// API only, against real loopback servers that parse the multipart body.
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  AuthenticationError,
  ConnectionError,
  UploadError,
  createClient,
  type UploadProgress,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { fromPath } from '../../src/node.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sha256, sinkClient } from './support/upload-kit.js';
import { fetchedChunks } from './support/fetched-chunks.js';

const CHUNK = 256 * 1024; // several socket writes per chunk, so a reset lands mid-body
let dir: string;
let n = 0;

beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-node-sender-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

async function fileOf(bytes: Uint8Array, type = 'application/octet-stream') {
  const path = join(dir, `file-${++n}.bin`);
  await writeFile(path, bytes);
  return fromPath(path, { type });
}

/** Files of this test's directory that the process holds open (Linux's /proc). */
function openFiles(): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false; // closed meanwhile
    }
  }).length;
}

/**
 * The file handles (fs/promises) that read files of this test's directory, told by the handles'
 * own `read` and 'close' event: `read(n)` resolves once n handles have read, `allClosed()` once
 * each of them has closed.
 */
async function watchHandles() {
  const probe = await open(fileURLToPath(import.meta.url));
  const prototype = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const reading = new Set<FileHandle>();
  const closed = new Set<FileHandle>();
  let onChange = () => {};
  const read = prototype.read as (...args: unknown[]) => ReturnType<FileHandle['read']>;
  vi.spyOn(prototype, 'read').mockImplementation(function (this: FileHandle, ...args: unknown[]) {
    if (!reading.has(this) && readlinkSync(`/proc/self/fd/${this.fd}`).startsWith(dir)) {
      reading.add(this);
      (this as unknown as EventEmitter).once('close', () => {
        closed.add(this);
        onChange();
      });
      onChange();
    }
    return read.apply(this, args);
  } as FileHandle['read']);
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      onChange = () => void (done() && resolve());
      onChange();
    });
  return {
    read: (count: number) => until(() => reading.size >= count),
    /** Once each handle read has closed and the directory's files open are `open` again. */
    allClosed: (open: number) => {
      // A handle opened but closed before its first read (the abort came between the two) fires
      // no watched 'close' (its `close` is its own field, not the prototype's): the directory's
      // open files are looked at again every few ms too, with no budget of their own.
      const recheck = setInterval(() => onChange(), 20);
      return until(() => closed.size === reading.size && openFiles() === open).finally(() =>
        clearInterval(recheck),
      );
    },
  };
}

describe('fromPath over node:http, against startMockServer', () => {
  let server: MockServer;
  beforeEach(async () => {
    server = await startMockServer({ port: 0, mediaProcessingDelayMs: 10 });
  });
  afterEach(() => server.close());

  const client = (token = server.simulator.users.owner.token) =>
    createClient({ baseUrl: server.url, token, retryBaseDelay: 1, logLevel: 'off' });

  it('assembles the file exactly, without sending chunks through fetch', async () => {
    const viaFetch = fetchedChunks();
    const bytes = bytesOf(5 * 1024 + 17);
    const file = await client().media.upload(await fileOf(bytes, 'image/png'), {
      operation_type: 'test-small',
    });
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(viaFetch).toEqual([]);
  });

  it('uploads an empty file as one empty chunk', async () => {
    const file = await client().media.upload(await fileOf(new Uint8Array(0)), {
      operation_type: 'test-small',
    });
    expect(server.simulator.fileBytes(file.id).byteLength).toBe(0);
  });

  it('leaves a fetch given to the client the platform FormData, and every chunk', async () => {
    const chunkTypes: (string | null)[] = [];
    const custom: typeof fetch = (input, init) => {
      const request = input instanceof Request ? input : undefined;
      const headers = new Headers(request ? request.headers : init?.headers);
      if (/\/chunk$/.test(request ? request.url : String(input))) {
        chunkTypes.push(headers.get('content-type'));
      }
      return fetch(input, init);
    };
    const bytes = bytesOf(5 * 1024 + 17);
    const token = server.simulator.users.owner.token;
    const file = await createClient({ baseUrl: server.url, token, fetch: custom }).media.upload(
      await fileOf(bytes),
      { operation_type: 'test-small' },
    );
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(chunkTypes).toHaveLength(6);
    // Node's own FormData encoder (undici) made every body, not form-data.
    for (const type of chunkTypes)
      expect(type).toMatch(/^multipart\/form-data; boundary=-+formdata-undici-/);
  });

  it('still sends through node:http when a beforeRequest hook returns a new Request', async () => {
    const viaFetch = fetchedChunks();
    const bytes = bytesOf(3 * 1024 + 5);
    const traced: string[] = [];
    const file = await createClient({
      baseUrl: server.url,
      token: server.simulator.users.owner.token,
      hooks: {
        beforeRequest: [
          ({ request }) => {
            traced.push(request.url);
            return new Request(request, {
              headers: { ...Object.fromEntries(request.headers), 'x-trace': '1' },
            });
          },
        ],
      },
    }).media.upload(await fileOf(bytes), { operation_type: 'test-small' });
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(traced.filter((url) => /\/chunk$/.test(url))).toHaveLength(4);
    expect(viaFetch).toEqual([]);
  });

  it('sends the Authorization header: a wrong token is refused', async () => {
    const upload = client('not-a-token').media.upload(await fileOf(bytesOf(100)), {
      operation_type: 'test-small',
    });
    await expect(upload).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('fromPath over node:http, against the chunk sink', () => {
  let sink: ChunkSink;
  beforeEach(async () => {
    sink = await startChunkSink({
      operationTypes: {
        big: { chunk_size: CHUNK, max_chunks: null },
        // Larger than loopback socket buffers: an abort surely lands before the body is sent.
        huge: { chunk_size: 16 * 1024 * 1024, max_chunks: null },
      },
    });
  });
  afterEach(() => sink.close());
  const options = () => ({ operation_type: 'big', filename: `f${++n}.bin`, mime: 'video/mp4' });

  it('sends the chunk as a file part under the very name given, as the platform FormData does', async () => {
    // form-data alone sent a base name ('intro.mp4' for 'videos/intro.mp4'), and no file name at
    // all for '/': the part then arrived as a text field (the input fuzz found it).
    const cases: [string | undefined, File, string][] = [
      ['videos/intro.mp4', new File([bytesOf(10) as BlobPart], 'x.bin'), 'videos/intro.mp4'],
      ['/', new File([bytesOf(10) as BlobPart], 'x.bin'), '/'],
      ['a "quoted"\\name', new File([bytesOf(10) as BlobPart], 'x.bin'), 'a "quoted"\\name'],
      [undefined, new File([bytesOf(10) as BlobPart], 'dir/'), 'dir/'],
      [undefined, new File([bytesOf(10) as BlobPart], ''), 'chunk'], // a File with no name
    ];
    for (const [filename, chunk, sent] of cases) {
      const params = { operation_type: 'big', total_chunks: 1, chunk_index: 0, chunk };
      await sinkClient(sink).media.uploadChunk(filename ? { ...params, filename } : params);
      expect(sink.chunks.at(-1)).toMatchObject({ filename: sent, size: 10 });
    }
  });

  it('sends the headers: Content-Length, Academy, and the multipart fields', async () => {
    const bytes = bytesOf(2 * CHUNK + 5);
    const file = await sinkClient(sink, { academy: 7 }).media.upload(await fileOf(bytes), {
      ...options(),
    });
    expect(sha256(sink.files.find((f) => f.id === file.id)!.bytes)).toBe(sha256(bytes));
    expect(sink.chunks).toHaveLength(3);
    for (const chunk of sink.chunks) {
      expect(chunk.academy).toBe('7');
      expect(Number(chunk.contentLength)).toBeGreaterThan(chunk.size);
      expect(chunk.mime).toBe('video/mp4');
    }
  });

  it('retries a chunk whose connection is reset while its body is being sent', async () => {
    sink.fault(1, { kind: 'reset-before' }); // dropped on arrival, before the body is read
    const bytes = bytesOf(3 * CHUNK);
    const retries: unknown[] = [];
    const file = await sinkClient(sink).media.upload(await fileOf(bytes), {
      ...options(),
      onChunk: (_record, chunk) => retries.push(chunk.index),
    });
    expect(sha256(sink.files.find((f) => f.id === file.id)!.bytes)).toBe(sha256(bytes));
    expect(retries.sort()).toEqual([0, 1, 2]);
  });

  it('reports bytes within a chunk as the socket takes them', async () => {
    const release = sink.stall(1024 * 1024);
    const bytes = bytesOf(16 * 1024 * 1024);
    let seenPartial!: (progress: UploadProgress) => void;
    const partial = new Promise<UploadProgress>((resolve) => (seenPartial = resolve));
    const upload = sinkClient(sink).media.upload(await fileOf(bytes), {
      ...options(),
      operation_type: 'huge',
      onProgress: (p) => p.loadedBytes > 0 && p.chunksDone === 0 && seenPartial(p),
    });
    // The sink has stopped reading the only chunk: only a byte-level report can show progress.
    expect((await partial).loadedBytes).toBeLessThan(bytes.byteLength);
    release();
    const file = await upload;
    expect(sha256(sink.files.find((f) => f.id === file.id)!.bytes)).toBe(sha256(bytes));
  });

  it('reads at most 1 MiB of an answer and names the overflow', async () => {
    const endless = { kind: 'status', status: 201, body: 'x'.repeat(4 * 1024 * 1024) } as const;
    sink.fault(0, endless, endless);
    const upload = sinkClient(sink).media.upload(await fileOf(bytesOf(100)), {
      ...options(),
      maxRetries: 1,
    });
    const error = await upload.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).cause).toBeInstanceOf(ConnectionError);
    expect(String((error as UploadError).cause)).toMatch(/answer was longer than 1048576 bytes/);
    expect(sink.chunks).toHaveLength(2); // retried once, then given up: no finalize
    expect(sink.finalizeCalls).toBe(0);
  });

  it('fails the upload, finalizing nothing, when the file changed after fromPath opened it', async () => {
    const path = join(dir, `changing-${++n}.bin`);
    await writeFile(path, bytesOf(2 * CHUNK));
    const file = await fromPath(path);
    await writeFile(path, bytesOf(2 * CHUNK + 1)); // another size: the bytes are not the same file
    const upload = sinkClient(sink).media.upload(file, { ...options(), maxRetries: 0 });
    const error = await upload.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(UploadError);
    expect(String((error as UploadError).cause)).toContain('changed after fromPath opened it');
    expect(sink.chunks).toHaveLength(0); // no chunk body was complete
    expect(sink.finalizeCalls).toBe(0);
  });

  it('stops mid-body on abort and leaves nothing running', async () => {
    const handles = await watchHandles();
    const filesBefore = openFiles();
    const resume = sink.stall(CHUNK / 4); // the sink stops reading: chunk bodies stay unfinished
    const controller = new AbortController();
    const upload = sinkClient(sink).media.upload(await fileOf(bytesOf(32 * 1024 * 1024)), {
      ...options(),
      operation_type: 'huge',
      concurrency: 2,
      signal: controller.signal,
    });
    await sink.until(() => sink.inFlight() === 2);
    await handles.read(2); // both chunks reading their file, held by the socket
    expect(openFiles()).toBeGreaterThanOrEqual(filesBefore + 2);
    controller.abort(new Error('user left'));
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    resume(); // the sink reads on: the requests it held must be gone, not finished
    await sink.until(() => sink.inFlight() === 0);
    // The chunks' reads closed their files: checked at each handle's own 'close' (a handle
    // opened after the first two reads closes too). A file left open leaves this waiting and
    // the test fails; no budget lets a slow close under load fail it.
    await handles.allClosed(filesBefore);
    expect(sink.chunks).toHaveLength(0);
    expect(sink.finalizeCalls).toBe(0);
    expect(sink.files).toHaveLength(0);
  });
});
