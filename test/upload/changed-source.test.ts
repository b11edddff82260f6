// A source that changes while it uploads (a file truncated, grown or rewritten between its chunks,
// a file-backed Blob whose file changed, a stream that fails) is no network failure: the upload
// rejects with UploadSourceError (an UploadError) that says so and what to do, with the read's
// own error as its cause, the chunk is not retried, and nothing is finalized. The change happens
// in the order of events: the simulator holds the answer to a chunk (it is stored) while the test
// changes the file, and the next chunk is read only once that answer is let through.
import { execFileSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import {
  appendFile,
  mkdtemp,
  open,
  rename,
  rm,
  truncate,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectionError,
  UploadError,
  UploadSourceError,
  createClient,
  type ClientOptions,
  type UploadSource,
} from '../../src/index.js';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { fromPath } from '../../src/node.js';
import { requestGate, type RequestGate } from '../support/request-gate.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';

const CHUNK = 64 * 1024;
const CHUNKS = 4;
const CHUNK_ROUTE = 'POST /v2/media/me/chunk';

let dir: string;
let n = 0;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-changed-source-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A simulator on loopback, its chunk answers gated, and every request it got, in order. */
async function service() {
  const inner = createSimulator({
    operationTypes: { chunky: { chunk_size: CHUNK, max_chunks: null } },
    mediaProcessingDelayMs: 0,
  });
  const seen: string[] = [];
  const recorded = {
    ...inner,
    handle: async (request: Request, options?: Parameters<typeof inner.handle>[1]) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      return inner.handle(request, options);
    },
  };
  const gate = requestGate(recorded, CHUNK_ROUTE, { hold: 'answer' });
  const server = await startMockServer({ simulator: gate.simulator });
  return { inner, gate, server, seen };
}

let running: { server: MockServer; gate: RequestGate } | undefined;
afterEach(async () => {
  running?.gate.open(undefined);
  await running?.server.close();
  running = undefined;
});

/** Warnings the client logs: a retry is one ("... retry 1 in 3 ms"). */
function warnings(): { lines: string[]; logger: ClientOptions['logger'] } {
  const lines: string[] = [];
  const note = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
  return { lines, logger: { error: note, warn: note, info: () => {}, debug: () => {} } };
}

async function newFile(): Promise<{ path: string; bytes: Uint8Array }> {
  const path = join(dir, `source-${++n}.bin`);
  const bytes = bytesOf(CHUNKS * CHUNK);
  await writeFile(path, bytes);
  return { path, bytes };
}

/** Rewrites a few bytes of chunk 2 in place: same size, a later modification time. */
async function rewrite(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  await handle.write(Buffer.from('changed'), 0, 7, 2 * CHUNK + 5);
  await handle.close();
  const later = new Date(Date.now() + 60_000);
  await utimes(path, later, later);
}

/**
 * redteam48: another file of the same size put in its place (a sync tool's temporary file renamed
 * over it, `rsync -t`), its modification time the old one's: fromPath compared size and mtime
 * alone, so the rest of the upload read the other file, and it resolved with a file of both.
 */
async function replaceKeepingTime(path: string): Promise<void> {
  const other = `${path}.other`;
  await writeFile(
    other,
    bytesOf(CHUNKS * CHUNK).map((byte) => byte ^ 0xff),
  );
  execFileSync('touch', ['-r', path, other]); // to the nanosecond, as rsync -t and cp -p do
  await rename(other, path);
}

/** redteam48: rewritten in place, its modification time put back (`touch -r`, a restore tool). */
async function rewriteKeepingTime(path: string): Promise<void> {
  execFileSync('touch', ['-r', path, `${path}.time`]);
  const handle = await open(path, 'r+');
  await handle.write(Buffer.from('changed'), 0, 7, 2 * CHUNK + 5);
  await handle.close();
  execFileSync('touch', ['-r', `${path}.time`, path]);
}

const changes = {
  truncated: (path: string) => truncate(path, CHUNK + 10),
  grown: (path: string) => appendFile(path, 'more bytes'),
  rewritten: rewrite,
} as const;

/** Changes fromPath tells (fs.openAsBlob's own Blob compares size and mtime alone: Node's). */
const fromPathChanges = {
  ...changes,
  'replaced by a file of its size and modification time': replaceKeepingTime,
  'rewritten, its modification time put back': rewriteKeepingTime,
} as const;

/**
 * Uploads `source` one chunk at a time; once chunk 1 is stored and its answer held, `change`
 * runs, then the answers go on: chunk 2 is read from the changed file.
 */
async function uploadChangedAfterChunk1(
  source: UploadSource,
  change: () => Promise<unknown>,
  options: Partial<ClientOptions> & {
    resume?: { store: ReturnType<typeof memoryUploadStore>['store']; key?: string };
    checkDigest?: boolean;
  } = {},
) {
  const { inner, gate, server, seen } = await service();
  running = { server, gate };
  const log = warnings();
  const { resume, checkDigest = false, ...clientOptions } = options;
  const client = createClient({
    baseUrl: server.url,
    token: inner.users.owner.token,
    retryBaseDelay: 1,
    logger: log.logger,
    logLevel: 'warn',
    ...clientOptions,
  });
  gate.open(1); // chunk 0 answered; chunk 1 stored, its answer held
  const upload = client.media.upload(source, {
    operation_type: 'chunky',
    filename: 'talk.bin',
    concurrency: 1,
    maxRetries: clientOptions.maxRetries ?? 3,
    checkDigest,
    ...(resume ? { resume } : {}),
  });
  await gate.held(1);
  await change();
  gate.open(undefined);
  const error = await upload.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  const chunkRequests = seen.filter((line) => line === CHUNK_ROUTE).length;
  const finalizes = seen.filter((line) => line.endsWith('/chunk/upload')).length;
  const retries = log.lines.filter((line) => /retry \d/.test(line));
  return { error, chunkRequests, finalizes, retries, client, simulator: inner };
}

function expectSourceChanged(error: unknown): UploadSourceError {
  expect(error).toBeInstanceOf(UploadSourceError);
  expect(error).toBeInstanceOf(UploadError);
  const failed = error as UploadSourceError;
  expect(failed.message).toMatch(
    /^The source changed or could not be read while uploading \(chunk 2: .+\), so the file was not finalized and nothing was retried: upload it again from the source as it is now/,
  );
  expect(failed.failedChunks).toEqual([2]);
  expect(failed.uploadName).toMatch(/^talk\.[0-9a-f]{20}\.bin$/);
  return failed;
}

describe('a fromPath file that changes between its chunks', () => {
  it.each(Object.keys(fromPathChanges) as (keyof typeof fromPathChanges)[])(
    '%s: UploadSourceError naming the file, chunk 2 never sent whole nor retried, nothing finalized',
    async (how) => {
      const { path } = await newFile();
      const change = () => fromPathChanges[how](path);
      const run = await uploadChangedAfterChunk1(await fromPath(path), change);
      const error = expectSourceChanged(run.error);
      expect(error.cause).toMatchObject({ message: `${path} changed after fromPath opened it` });
      expect(error.resumeKey).toBeUndefined();
      expect(run.retries).toEqual([]);
      // Chunks 0 and 1; chunk 2's one attempt was cut short before its body was whole.
      expect(run.chunkRequests).toBe(2);
      expect(run.finalizes).toBe(0);
    },
  );

  it('with checkDigest (the md5 reads the file again): the same error, nothing finalized', async () => {
    const { path } = await newFile();
    const run = await uploadChangedAfterChunk1(await fromPath(path), () => truncate(path, 10), {
      checkDigest: true,
    });
    const error = expectSourceChanged(run.error);
    expect(error.cause).toMatchObject({ message: `${path} changed after fromPath opened it` });
    expect(run.retries).toEqual([]);
    expect(run.finalizes).toBe(0);
  });

  it('with resume: the message says the record keeps the acknowledged chunks; the next upload of the file as it is now is exactly its bytes', async () => {
    const { path } = await newFile();
    const { store } = memoryUploadStore();
    const resume = { store, key: 'talk' };
    const run = await uploadChangedAfterChunk1(await fromPath(path), () => rewrite(path), {
      resume,
    });
    const error = expectSourceChanged(run.error);
    expect(error.resumeKey).toBe('talk'); // the key the upload was given, to run again with
    expect(error.message).toMatch(
      /with the same resume key: the chunks already acknowledged are kept in its resume record and reused only where the source's bytes still match them$/,
    );
    // Again, with the same key: chunks 0 and 1 are unchanged and reused, chunk 2 is the new bytes.
    const file = await run.client.media.upload(await fromPath(path), {
      operation_type: 'chunky',
      filename: 'talk.bin',
      resume,
    });
    const current = new Uint8Array(await (await openAsBlob(path)).arrayBuffer());
    expect(sha256(run.simulator.fileBytes(file.id))).toBe(sha256(current));
  });
});

describe('a Blob of a file (fs.openAsBlob) whose file changes between its chunks', () => {
  it.each(Object.keys(changes) as (keyof typeof changes)[])(
    '%s: UploadSourceError with the NotReadableError as cause, not retried, nothing finalized',
    async (how) => {
      const { path } = await newFile();
      const run = await uploadChangedAfterChunk1(await openAsBlob(path), () => changes[how](path));
      const error = expectSourceChanged(run.error);
      expect(error.cause).toMatchObject({ name: 'NotReadableError' });
      expect(run.retries).toEqual([]);
      expect(run.finalizes).toBe(0);
    },
  );

  it('sent through a fetch given to the client (its body encoded first): the same, and no hang', async () => {
    const { path } = await newFile();
    const run = await uploadChangedAfterChunk1(await openAsBlob(path), () => truncate(path, 10), {
      fetch: (input, init) => fetch(input, init),
    });
    const error = expectSourceChanged(run.error);
    expect(error.cause).toMatchObject({ name: 'NotReadableError' });
    expect(error.cause).not.toBeInstanceOf(ConnectionError);
    expect(run.retries).toEqual([]);
    expect(run.finalizes).toBe(0);
  });

  it('a bare network error with no cause (a browser fetch or XMLHttpRequest): a byte of the chunk tells the source changed', async () => {
    const { path } = await newFile();
    let chunks = 0;
    // As a browser fails the request of a File whose file changed: "Failed to fetch", nothing more.
    const browserLike: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.endsWith('/chunk') || ++chunks < 3) return fetch(request);
      await truncate(path, 10);
      throw new TypeError('Failed to fetch');
    };
    const run = await uploadChangedAfterChunk1(await openAsBlob(path), async () => undefined, {
      fetch: browserLike,
      maxRetries: 0,
    });
    const error = expectSourceChanged(run.error);
    expect(error.cause).toMatchObject({ name: 'NotReadableError' });
    expect(run.finalizes).toBe(0);
  });
});

describe('a stream that fails while it uploads', () => {
  it('its own error, as the cause of UploadSourceError; nothing finalized', async () => {
    const { bytes } = await newFile();
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Chunks 0 and 1 whole, then the stream breaks inside chunk 2.
        if (sent >= 2 * CHUNK + 100) return controller.error(new Error('the camera was unplugged'));
        controller.enqueue(bytes.slice(sent, sent + 100));
        sent += 100;
      },
    });
    const run = await uploadChangedAfterChunk1(
      { stream: failing, size: bytes.byteLength },
      async () => undefined,
    );
    const error = expectSourceChanged(run.error);
    expect(error.cause).toMatchObject({ message: 'the camera was unplugged' });
    expect(run.retries).toEqual([]);
    expect(run.finalizes).toBe(0);
  });
});
