// A store whose lock has `held()` that never answers (a lock server gone quiet): the upload asks it
// before each chunk, and an abort there waited for it up to the chunk timeout (two minutes by
// default), then rejected with UploadTakenOverError, as if another upload had taken the record.
// The wait now ends with the call's signal, and the upload rejects with AbortError. So does the
// ask a misfiled chunk's discard makes (given the chunk's signal): without it, the lock's late
// answer let the discard delete the record the abort should have kept.
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  type SeatpayClient,
  UploadTakenOverError,
  type UploadStore,
} from '../../src/index.js';
import { fileOf, resumeHarness, CHUNK } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();

/**
 * `records` with a lock whose `held()` answers "held" until `hangs()` says otherwise; from then on
 * it settles `asking` and answers only when the test calls `answer` (if ever).
 */
function lockThatHangs(records: UploadStore, hangs: () => boolean) {
  let asked!: () => void;
  const asking = new Promise<void>((resolve) => (asked = resolve));
  let late: (held: boolean) => void = () => undefined;
  const store: UploadStore = {
    ...records,
    lock: async () =>
      Object.assign(async () => undefined, {
        held: async () => {
          if (!hangs()) return true;
          asked();
          return new Promise<boolean>((resolve) => (late = resolve));
        },
      }),
  };
  return { store, asking, answer: (held: boolean) => late(held) };
}

/**
 * Aborts `upload` once its lock is asked, then (if `late` is given) lets the lock answer it: what
 * the upload rejected with.
 */
async function abortWhenAsked(
  upload: Promise<unknown>,
  lock: ReturnType<typeof lockThatHangs>,
  controller: AbortController,
  late?: (answer: (held: boolean) => void) => void,
) {
  upload.catch(() => undefined);
  await lock.asking;
  controller.abort();
  late?.(lock.answer);
  return upload.catch((caught: unknown) => caught);
}

/**
 * Four chunks uploaded one at a time under `key` into `lock`'s store, until `controller` aborts;
 * `onChunk` runs as each is acknowledged.
 */
function uploadOneByOne(
  name: string,
  key: string,
  lock: ReturnType<typeof lockThatHangs>,
  controller: AbortController,
  { client = h.client(), onChunk }: { client?: SeatpayClient; onChunk?: () => void } = {},
) {
  return client.media.upload(fileOf(bytesOf(4 * CHUNK), name), {
    operation_type: 'tiny',
    concurrency: 1,
    resume: { store: lock.store, key },
    signal: controller.signal,
    chunkTimeout: 3_600_000,
    onChunk,
  });
}

/**
 * An upload aborted while it asks its lock's `held()`, which answers only when `late` (called just
 * after the abort) answers it: the upload's error and the chunks it sent.
 */
async function abortedWhileAsked(name: string, late: (answer: (held: boolean) => void) => void) {
  const lock = lockThatHangs(memoryUploadStore().store, () => true);
  const controller = new AbortController();
  const upload = h.client().media.upload(fileOf(bytesOf(4 * CHUNK), name), {
    operation_type: 'tiny',
    resume: { store: lock.store, key: name },
    signal: controller.signal,
    chunkTimeout: 3_600_000, // an hour: the abort, not the bound, must end the wait
  });
  const error = await abortWhenAsked(upload, lock, controller, late);
  return { error, chunks: h.recorder.trace(name).chunks };
}

describe('a lock whose held() never answers', () => {
  it('an abort while the upload asks it ends the upload with AbortError at once', async () => {
    const { error, chunks } = await abortedWhileAsked('held-hangs.png', () => undefined);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(UploadTakenOverError);
    expect(chunks).toHaveLength(0);
  });
});

describe('a lock whose held() stops answering once every chunk is acknowledged', () => {
  it('an abort before finalize ends the upload with AbortError, nothing finalized', async () => {
    let hang = false;
    const lock = lockThatHangs(memoryUploadStore().store, () => hang);
    const controller = new AbortController();
    const name = 'held-hangs-at-finalize.png';
    let acknowledged = 0;
    const upload = uploadOneByOne(name, 'hangs-at-finalize', lock, controller, {
      onChunk: () => void (++acknowledged === 4 && (hang = true)),
    });
    // The lock never answers.
    const error = await abortWhenAsked(upload, lock, controller);
    expect(error).toBeInstanceOf(AbortError);
    expect(h.recorder.trace(name).chunks).toHaveLength(4);
    expect(h.recorder.trace(name).finalizes).toHaveLength(0);
  });
});

describe('a lock whose held() stops answering once a chunk comes back misfiled', () => {
  it("the discard's ask ends with the call's signal: AbortError, the record kept", async () => {
    const { store: records, records: kept } = memoryUploadStore();
    let misfiled = false;
    const lock = lockThatHangs(records, () => misfiled);
    // The service answers chunk 1 as stored under index 2: the record must go, and the discard
    // asks the lock first.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await globalThis.fetch(request);
      if (!new URL(request.url).pathname.endsWith('/chunk')) return response;
      const body = (await response.json()) as { chunk_index: number };
      if (body.chunk_index !== 1) return Response.json(body, { status: response.status });
      misfiled = true;
      return Response.json({ ...body, chunk_index: 2 }, { status: response.status });
    };
    const client = createClient({
      baseUrl: h.server.url,
      token: h.recorder.simulator.users.owner.token,
      retryBaseDelay: 1,
      logLevel: 'off',
      fetch,
    });
    const controller = new AbortController();
    const name = 'held-hangs-at-discard.png';
    const upload = uploadOneByOne(name, 'hangs-at-discard', lock, controller, { client });
    // The lock answers only after the abort, still held: a discard that waited for it (no signal)
    // went on to delete the record and rejected with the misfiled chunk's UploadError.
    const error = await abortWhenAsked(upload, lock, controller, (answer) => answer(true));
    expect(error).toBeInstanceOf(AbortError);
    expect(h.recorder.trace(name).finalizes).toHaveLength(0);
    // Aborted before the discard: the record is kept (the next run finds the misfiled chunk).
    expect(kept.size).toBe(1);
  });
});

describe("a lock whose held() stops answering once the store's writes failed", () => {
  it("finalize's stale-record discard asks it with the call's signal: AbortError, no delete of its own", async () => {
    const { store: records, records: kept } = memoryUploadStore();
    let writes = 0;
    let deletes = 0;
    let hang = false;
    let late = 0;
    // Once every chunk is acknowledged: finalize's own ask is answered, the discard's not.
    const lock = lockThatHangs(
      {
        ...records,
        // The first writes land, then the store fails: the record it keeps says too little.
        set: async (key, record) => {
          if (++writes > 2) throw new Error('disk full');
          await records.set(key, record);
        },
        delete: async (key) => void (++deletes, await records.delete(key)),
      },
      () => hang && ++late > 1,
    );
    const controller = new AbortController();
    const name = 'held-hangs-at-stale-discard.png';
    let acknowledged = 0;
    const upload = uploadOneByOne(name, 'hangs-at-stale-discard', lock, controller, {
      onChunk: () => void (++acknowledged === 4 && (hang = true)),
    });
    // Answered after the abort, still held: a discard that waited for it (no signal) deleted the
    // record the abort should have left as it was.
    const error = await abortWhenAsked(upload, lock, controller, (answer) => answer(true));
    expect(error).toBeInstanceOf(AbortError);
    expect(h.recorder.trace(name).finalizes).toHaveLength(0);
    // Deleted once, by the failed write (redteam51: the record it left names none of the chunks
    // sent after it): a discard that went on would have deleted it again.
    expect(deletes).toBe(1);
    expect(kept.size).toBe(0);
  });
});

describe('a lock that answers "not held" only after the user aborted', () => {
  it('the upload rejects with AbortError: the abort wins, not UploadTakenOverError', async () => {
    // The lock, told of the abort (or freed by it), answers afterwards that it is not held.
    const late = (answer: (held: boolean) => void) => answer(false);
    const { error, chunks } = await abortedWhileAsked('held-late-not-held.png', late);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(UploadTakenOverError);
    expect(chunks).toHaveLength(0);
  });
});
