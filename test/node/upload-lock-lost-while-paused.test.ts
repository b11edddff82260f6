// An upload's resume lock lost while its holder was paused (SIGSTOP, `docker pause`, a laptop
// asleep past ten minutes): a restarted sibling took the lock over, untouched for that long, and
// resumed the record. The paused holder, once resumed, went on sending chunks, wrote its record
// over the new holder's and finalized the upload's name a second time. It now finds out before
// its next record write, chunk or finalize (its lock's `held()`), rejects with
// `UploadTakenOverError`, and writes nothing over the new holder's record. The takeover is made
// while the holder is stopped at a chunk the test holds back: the order of events, not timing.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  createClient,
  SeatpayError,
  UploadError,
  UploadTakenOverError,
  type UploadStore,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { fileUploadStore } from '../../src/node.js';
import { bytesOf, memoryUploadStore } from '../upload/support/upload-kit.js';

const CHUNK = 1024;
let server: MockServer;
let root: string;

beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-lost-'))));
afterAll(() => rm(root, { recursive: true, force: true }));
beforeEach(async () => {
  server = await startMockServer({
    port: 0,
    operationTypes: { photos: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(() => server.close());

/** The lock a restarted sibling (another container under this host name) writes taking it over. */
const SIBLING_LOCK = JSON.stringify({
  pid: 1,
  host: hostname(),
  at: Date.now(),
  run: 'restarted-sibling',
  space: 'pid:[4026532999]',
  beat: 60_000,
  nonce: 'sibling',
});

/** The only file of `dir` ending in `suffix`. */
async function fileIn(dir: string, suffix: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(suffix));
  expect(names).toHaveLength(1);
  return join(dir, names[0]!);
}

/**
 * An upload of 8 chunks with a file store in `dir` whose process stops (SIGSTOP) at its third chunk,
 * in flight; `answer` makes that chunk's answer once it wakes. `takeOver` does what the restarted
 * sibling does meanwhile (takes the lock over, resumes the record under its own name), then wakes it.
 */
async function pausedAtThirdChunk(
  dir: string,
  answer: (request: Request) => Promise<Response> = (request) => fetch(request),
) {
  const store = fileUploadStore(dir);
  const sent: string[] = [];
  let pause: (() => void) | undefined;
  const paused = new Promise<void>((resolve) => (pause = resolve));
  let wake!: () => void;
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const client = createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      sent.push(path);
      if (path !== '/v2/media/me/chunk' || sent.filter((p) => p === path).length !== 3)
        return fetch(request);
      pause?.();
      await woken;
      return answer(request);
    },
  });
  const file = new File([bytesOf(8 * CHUNK) as BlobPart], 'photo.jpg', {
    lastModified: 1_700_000_000,
  });
  const upload = client.media
    .upload(file, { operation_type: 'photos', concurrency: 1, resume: { store } })
    .catch((error: unknown) => error);
  await paused;
  // Meanwhile, ten minutes later: the sibling took the lock over and resumed the record.
  const lock = await fileIn(dir, '.lock');
  await writeFile(lock, SIBLING_LOCK);
  const recordFile = await fileIn(dir, '.json');
  const ours = JSON.parse(await readFile(recordFile, 'utf8')) as { storeKey: string };
  const siblings = { ...ours, uploadName: 'the-siblings-name.jpg', updatedAt: Date.now() };
  await writeFile(recordFile, JSON.stringify(siblings));
  wake();
  return { upload, sent, lock, recordFile, ours, siblings };
}

it('a holder paused while its lock was taken over stops: no record written over, no finalize', async () => {
  const { upload, sent, lock, recordFile, ours, siblings } = await pausedAtThirdChunk(
    join(root, 'paused'),
  );
  const error = await upload;
  expect(error).toBeInstanceOf(UploadTakenOverError);
  expect(error).toBeInstanceOf(UploadError);
  expect(error).toBeInstanceOf(SeatpayError);
  expect(error).toMatchObject({ resumeKey: ours.storeKey });
  expect((error as Error).message).toMatch(/took over the resume record .* run the upload again/);
  // Nothing more sent after the chunk it was stopped in, nothing finalized, the sibling's record
  // and lock as the sibling wrote them.
  expect(sent.filter((path) => path === '/v2/media/me/chunk')).toHaveLength(3);
  expect(sent).not.toContain('/v2/media/me/chunk/upload');
  expect(JSON.parse(await readFile(recordFile, 'utf8'))).toEqual(siblings);
  expect(await readFile(lock, 'utf8')).toBe(SIBLING_LOCK);
});

it("the store's lock says when it was taken over, and the store writes nothing over it", async () => {
  const dir = join(root, 'store');
  const store = fileUploadStore(dir);
  const release = await store.lock!('one-upload');
  expect(release?.held).toBeTypeOf('function');
  expect(await release!.held!()).toBe(true);
  await store.set('one-upload', { version: 2 } as Parameters<UploadStore['set']>[1]);
  const recordFile = await fileIn(dir, '.json');

  await writeFile(await fileIn(dir, '.lock'), SIBLING_LOCK);
  expect(await release!.held!()).toBe(false);
  const before = await readFile(recordFile, 'utf8');
  await expect(
    store.set('one-upload', { version: 3 } as unknown as Parameters<UploadStore['set']>[1]),
  ).rejects.toThrow(/taken over by another upload/);
  expect(await readFile(recordFile, 'utf8')).toBe(before);
  // Letting go leaves the sibling's lock in place; no temporary file left behind.
  await release!();
  expect(await readFile(await fileIn(dir, '.lock'), 'utf8')).toBe(SIBLING_LOCK);
  expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
});

it("a store of one's own: held() false or failing stops the upload; a lock without it uploads", async () => {
  const client = createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
  });
  const bytes = bytesOf(4 * CHUNK);
  const file = new File([bytes as BlobPart], 'own.jpg', { lastModified: 1_700_000_000 });
  const upload = (lock: UploadStore['lock']) => {
    const { store, records } = memoryUploadStore();
    const resume = { store: { ...store, lock } };
    return { records, done: client.media.upload(file, { operation_type: 'photos', resume }) };
  };
  let asked = 0;
  // Held for the first two asks, then taken over: no finalize, the record left as it was.
  const takenOver = upload(async () =>
    Object.assign(async () => undefined, { held: async () => ++asked <= 2 }),
  );
  await expect(takenOver.done).rejects.toBeInstanceOf(UploadTakenOverError);
  const left = [...takenOver.records.values()][0];
  expect(left?.acknowledged.length).toBeLessThan(4);
  const failure = new Error('the store cannot tell');
  const unsure = upload(async () =>
    Object.assign(async () => undefined, { held: () => Promise.reject(failure) }),
  );
  await expect(unsure.done).rejects.toMatchObject({ name: 'UploadTakenOverError', cause: failure });
  // A lock as before (no held): the upload goes on as its holder.
  const plain = await upload(async () => async () => undefined).done;
  expect(plain.id).toBeTypeOf('number');
});

it("a paused holder's chunk answered misfiled after the takeover leaves the new holder's record", async () => {
  // The third chunk's answer, once the process wakes, names another chunk_index (the sibling's
  // chunks under the shared name).
  const { upload, lock, recordFile, siblings } = await pausedAtThirdChunk(
    join(root, 'misfiled'),
    async (request) => {
      const answer = (await (await fetch(request)).json()) as { chunk_index: number };
      return Response.json({ ...answer, chunk_index: answer.chunk_index + 1 });
    },
  );
  expect(await upload).toBeInstanceOf(UploadTakenOverError);
  // The misfiled answer discards nothing: the record is the sibling's, as it wrote it.
  expect(JSON.parse(await readFile(recordFile, 'utf8'))).toEqual(siblings);
  expect(await readFile(lock, 'utf8')).toBe(SIBLING_LOCK);
});
