// In Node, the md5 of a `fromPath` file of 32 MiB or more is computed on a worker thread that
// reads the file's ranges itself: the upload's own thread keeps feeding the sockets. It is still
// checked in full (resumes included), a corrupt assembly still caught; the worker never outlives
// the upload, whether it resolved, was aborted or its worker died; and a worker that dies rejects
// the upload, never finalized. Other sources are hashed on the upload's thread (copying them to a
// worker cost more than it saved: BENCHMARKS.md).
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  SeatpayError,
  UploadDigestMismatchError,
  UploadError,
  type UploadSource,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { fromPath } from '../../src/node.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const MiB = 1024 * 1024;
const CHUNK = 4 * MiB + 3;
/** Past the size from which the hash goes to a worker thread (32 MiB). */
const SIZE = 32 * MiB + 5;
const FINALIZE = 'POST /v2/media/me/chunk/upload';

let dir: string;
let server: MockServer;
let bytes: Uint8Array;
let path: string;
const md5 = (of: Uint8Array) => createHash('md5').update(of).digest('hex');

/** The worker threads started in this process, and whether each has exited. */
const started: { worker: Worker; exited: boolean }[] = [];
const onWorker = (worker: Worker) => {
  const seen = { worker, exited: false };
  started.push(seen);
  worker.once('exit', () => (seen.exited = true));
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-md5-worker-'));
  bytes = bytesOf(SIZE);
  path = join(dir, 'talk.mp4');
  await writeFile(path, bytes);
  process.on('worker', onWorker);
});
afterAll(async () => {
  process.off('worker', onWorker);
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  started.length = 0;
  server = await startMockServer({
    operationTypes: { big: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(() => server.close());

const client = () =>
  createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
  });

const kinds: Record<string, () => Promise<UploadSource>> = {
  fromPath: () => fromPath(path),
  Uint8Array: async () => bytes,
  Blob: async () => new Blob([bytes as BlobPart]),
  'Node Readable': async () => ({
    stream: Readable.from([bytes.subarray(0, 5 * MiB), bytes.subarray(5 * MiB)]),
    size: SIZE,
  }),
};

/** The finalized files the simulator holds. */
async function filesAtService(): Promise<number> {
  const response = await fetch(`${server.url}/__mock/state`, {
    headers: { authorization: `Bearer ${server.simulator.users.owner.token}` },
  });
  return ((await response.json()) as { files: unknown[] }).files.length;
}

/** Worker threads an upload of `kind` starts: only a file's. */
const workersFor = (kind: string) => (kind === 'fromPath' ? 1 : 0);

describe.each(Object.keys(kinds))('from a %s of 32 MiB', (kind) => {
  const make = kinds[kind]!;

  it('is checked; only a file is hashed on a worker thread, gone once the upload resolves', async () => {
    const file = await client().media.upload(await make(), {
      operation_type: 'big',
      filename: 'talk.mp4',
      checkDigest: true,
    });
    expect(file.name).toBe(md5(bytes));
    expect(started).toHaveLength(workersFor(kind));
    expect(started.every((seen) => seen.exited)).toBe(true);
  });

  it('catches a corrupt assembly, no worker left once it rejects', async () => {
    server.simulator.faults.inject({
      route: FINALIZE,
      kind: 'corrupt-assembly',
      corruption: 'misplaced-chunk',
    });
    const error = await client()
      .media.upload(await make(), { operation_type: 'big', filename: 'a.mp4', checkDigest: true })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(UploadDigestMismatchError);
    expect((error as UploadDigestMismatchError).expectedMd5).toBe(md5(bytes));
    expect(started).toHaveLength(workersFor(kind));
    expect(started.every((seen) => seen.exited)).toBe(true);
  });
});

describe.each(['fromPath'])('resumed from a %s', (kind) => {
  const make = kinds[kind]!;

  async function resumed(corrupt: boolean) {
    const { store } = memoryUploadStore();
    const resume = { store };
    const controller = new AbortController();
    let acknowledged = 0;
    const first = client().media.upload(await make(), {
      operation_type: 'big',
      filename: 'talk.mp4',
      concurrency: 1,
      resume,
      checkDigest: true,
      signal: controller.signal,
      onChunk: () => void (++acknowledged === 4 && controller.abort()),
    });
    await expect(first).rejects.toBeInstanceOf(AbortError);
    if (corrupt) {
      server.simulator.faults.inject({
        route: FINALIZE,
        kind: 'corrupt-assembly',
        corruption: 'truncated-chunk',
      });
    }
    let sent = 0;
    const upload = client().media.upload(await make(), {
      operation_type: 'big',
      filename: 'talk.mp4',
      resume,
      checkDigest: true,
      onChunk: (_record, { alreadyHeld }) => void (alreadyHeld || sent++),
    });
    return { upload, sent: () => sent };
  }

  it('hashes the chunks acknowledged before, on the worker: the md5 of every byte', async () => {
    const { upload, sent } = await resumed(false);
    const file = await upload;
    expect(file.name).toBe(md5(bytes));
    // The first run's chunks were not sent again, yet are in the digest.
    expect(sent()).toBeLessThan(Math.ceil(SIZE / CHUNK));
    expect(started.length).toBe(2);
    expect(started.every((seen) => seen.exited)).toBe(true);
  });

  it('catches a corrupt assembly after the resume', async () => {
    const { upload } = await resumed(true);
    const error = await upload.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(UploadDigestMismatchError);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadDigestMismatchError).expectedMd5).toBe(md5(bytes));
  });
});

describe.each(['fromPath'])('from a %s', (kind) => {
  const make = kinds[kind]!;

  it('an abort mid-upload leaves no worker running once the upload settles', async () => {
    const controller = new AbortController();
    const upload = client().media.upload(await make(), {
      operation_type: 'big',
      filename: 'talk.mp4',
      concurrency: 1,
      checkDigest: true,
      signal: controller.signal,
      onChunk: (_record, { index }) => void (index === 1 && controller.abort()),
    });
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    expect(started).toHaveLength(1);
    expect(started.every((seen) => seen.exited)).toBe(true);
    expect(await filesAtService()).toBe(0);
  });

  it('a worker that dies mid-upload rejects the upload (a SeatpayError), never finalized', async () => {
    const upload = client().media.upload(await make(), {
      operation_type: 'big',
      filename: 'talk.mp4',
      concurrency: 1,
      checkDigest: true,
      // The hash's worker is ended from outside, as a crash would end it.
      onChunk: (_record, { index }) => void (index === 1 && started[0]?.worker.terminate()),
    });
    const error = await upload.catch((thrown: unknown) => thrown);
    expect(started).toHaveLength(1);
    expect(error).toBeInstanceOf(SeatpayError);
    expect(error).not.toBeInstanceOf(UploadDigestMismatchError);
    expect((error as Error).message).toMatch(
      /could not be read for its md5, so the upload was not finalized: its worker stopped/,
    );
    expect(await filesAtService()).toBe(0);
    expect(started.every((seen) => seen.exited)).toBe(true);
  });
});

it('a file under 32 MiB is hashed on the upload thread: no worker to start', async () => {
  const small = bytes.subarray(0, 9 * MiB);
  const smallPath = join(dir, 'small.mp4');
  await writeFile(smallPath, small);
  const file = await client().media.upload(await fromPath(smallPath), {
    operation_type: 'big',
    filename: 'small.mp4',
    checkDigest: true,
  });
  expect(file.name).toBe(md5(small));
  expect(started).toHaveLength(0);
});
