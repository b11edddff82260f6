// redteam57: every wait an upload makes on a user's resume store ends with the call's signal and
// its chunk timeout. A store whose `delete` never settles (a bucket whose DELETE hangs, a lock
// server gone quiet) held the upload past its abort: the finalized upload's record delete, and
// forgetRecord's delete then overwrite (a changed stream's record), each for `chunkTimeout`
// (120 s by default) and the overwrite after the delete, whatever the signal said. And a changed
// stream whose record could neither be deleted nor emptied said "Its resume record is deleted".
// upload23: what was left of those waits. Once finalize was answered (the file made, or refused
// outright, or its chunks dropped), the upload waited for its store's lock (`held()`) and for the
// record's last write with `chunkTimeout` only: an aborted upload hung on for 120 s by default.
// Separately: fromPath of a file that stats as 0 bytes but has bytes (/proc/self/status) gave an
// empty File, uploaded as an empty media file.
import { writeFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  InvalidRequestError,
  RateLimitError,
  UploadError,
  createClient,
  type UploadRecord,
  type UploadStore,
} from '../../src/index.js';
import { createChunkStore } from '../../src/mock/index.js';
import { fromPath } from '../../src/node.js';
import { useTempFolder } from '../support/temp-folder.js';
import { CHUNK, TOTAL, resumeHarness } from './support/resume-harness.js';
import { bytesOf } from './support/upload-kit.js';

const h = resumeHarness();
const folder = useTempFolder('seatpay-store-waits-');

/** A store in a Map whose `delete` (and, once `setHangs`, `set`) never settles once `hang` is on. */
function hangingStore() {
  const records = new Map<string, UploadRecord>();
  const state = { hang: false, setHangs: false, deletes: 0, onDelete: () => {} };
  const never = new Promise<never>(() => {});
  const store: UploadStore = {
    get: async (key) => records.get(key),
    set: async (key, record) => {
      if (state.hang && state.setHangs) return never;
      records.set(key, structuredClone(record));
    },
    delete: async (key) => {
      if (!state.hang) return void records.delete(key);
      state.deletes++;
      state.onDelete();
      return never;
    },
  };
  return { store, records, state };
}

/**
 * A store in a Map with a lock: its `held()` (unless `lockAnswers`) and its `set` of a record
 * saying "finalize not sent" over one saying "sent" (once `setHangs`) never settle: `onHang` then.
 */
function lockingStore() {
  const records = new Map<string, UploadRecord>();
  const state = { lockAnswers: false, setHangs: false, hung: 0, onHang: () => {} };
  const hang = () => (state.hung++, state.onHang(), new Promise<never>(() => {}));
  const store: UploadStore = {
    get: async (key) => records.get(key),
    set: async (key, record) => {
      const unsent = !record.finalizeSent && records.get(key)?.finalizeSent === true;
      if (state.setHangs && unsent) return hang();
      records.set(key, structuredClone(record));
    },
    delete: async (key) => void records.delete(key),
    lock: async () =>
      Object.assign(async () => undefined, { held: async () => state.lockAnswers || hang() }),
  };
  return { store, records, state };
}

/**
 * A client of the harness's simulator whose finalize (POST .../upload) gets `answer(response)`
 * (the service's own answer given), then calls `answered`.
 */
function finalizingClient(answer: (response: Response) => Response, answered: () => void) {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const finalize = request.method === 'POST' && new URL(request.url).pathname.endsWith('/upload');
    const response = await globalThis.fetch(request);
    if (!finalize) return response;
    const given = answer(response);
    answered();
    return given;
  };
  return createClient({
    baseUrl: h.server.url,
    token: h.recorder.simulator.users.owner.token,
    fetch,
    maxRetries: 0,
    logLevel: 'warn',
    logger: { ...console, warn: (message: string) => void h.warnings.push(message) },
  });
}

const answered = (status: number, body: object) => (response: Response) => {
  void response.body?.cancel();
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
};

/** An async iterable of `bytes`, in pieces of a chunk and a half. */
async function* piecesOf(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += CHUNK * 1.5)
    yield bytes.slice(at, at + CHUNK * 1.5);
}
const streamOf = (bytes: Uint8Array) => ({ stream: piecesOf(bytes), size: bytes.byteLength });

let kit: ReturnType<typeof hangingStore>;
beforeEach(() => {
  kit = hangingStore();
});

describe('a finalized upload whose record delete never settles', () => {
  it('ends once its signal fires after the delete was asked: the file, and a warning', async () => {
    const bytes = bytesOf(4 * CHUNK);
    const controller = new AbortController();
    kit.state.hang = true;
    kit.state.onDelete = () => controller.abort();
    const file = await h.client().media.upload(bytes, {
      operation_type: 'tiny',
      filename: 'made.bin',
      resume: { store: kit.store, key: 'made' },
      signal: controller.signal,
    });
    expect(kit.state.deletes).toBe(1);
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    expect(h.warnings.join('\n')).toMatch(/finalized upload's record could not be deleted/);
  });
});

describe('an upload aborted while its store holds up the end', () => {
  it("lock's held() never answers once the file is made: the file, and a warning", async () => {
    const bytes = bytesOf(4 * CHUNK);
    const { store, records, state } = lockingStore();
    const controller = new AbortController();
    state.onHang = () => controller.abort();
    // The lock answers "held" until the service answered finalize, then never again.
    const client = finalizingClient(
      (response) => response,
      () => void (state.lockAnswers = false),
    );
    state.lockAnswers = true;
    const file = await client.media.upload(bytes, {
      operation_type: 'tiny',
      filename: 'locked.bin',
      resume: { store, key: 'locked' },
      signal: controller.signal,
    });
    expect(state.hung).toBe(1);
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    expect(h.warnings.join('\n')).toMatch(
      /finalized upload's record could not be deleted.*says the file may exist/,
    );
    // Left as it was: a later upload under the key refuses, saying the file may exist.
    expect([...records.values()].map((record) => record.finalizeSent)).toEqual([true]);
  });

  it('record write of a finalize refused outright never settles: the refusal', async () => {
    const { store, state } = lockingStore();
    state.lockAnswers = state.setHangs = true;
    const controller = new AbortController();
    state.onHang = () => controller.abort();
    const client = finalizingClient(answered(429, { detail: 'Too many requests' }), () => {});
    const outcome = await client.media
      .upload(bytesOf(4 * CHUNK), {
        operation_type: 'tiny',
        filename: 'refused.bin',
        resume: { store, key: 'refused' },
        signal: controller.signal,
      })
      .catch((error: unknown) => error);
    expect(state.hung).toBe(1);
    expect(outcome).toBeInstanceOf(RateLimitError);
  });

  it("lock's held() never answers once the chunks were dropped: UploadError, delete the record", async () => {
    await h.stop();
    const chunkStore = createChunkStore();
    await h.start(chunkStore);
    const { store, records, state } = lockingStore();
    state.lockAnswers = true;
    const controller = new AbortController();
    state.onHang = () => controller.abort();
    const dropped = answered(400, {
      detail: '4/4 chunks are missing',
      code: 'some-chunks-not-found',
    });
    const client = finalizingClient(dropped, () => void (state.lockAnswers = false));
    const outcome = await client.media
      .upload(bytesOf(4 * CHUNK), {
        operation_type: 'tiny',
        filename: 'dropped.bin',
        resume: { store, key: 'dropped' },
        signal: controller.signal,
      })
      .catch((error: unknown) => error);
    expect(state.hung).toBe(1);
    expect(outcome).toBeInstanceOf(UploadError);
    expect((outcome as Error).message).toMatch(
      /resume record \(key "dropped"\) could be neither deleted nor emptied: delete it from the store/,
    );
    expect(records.size).toBe(1);
  });
});

describe('a changed stream resumed with a store whose delete never settles', () => {
  const before = bytesOf(TOTAL * CHUNK);
  const after = before.map((byte, at) => (at >= CHUNK && at < 2 * CHUNK ? byte ^ 0xff : byte));

  // Refused before any chunk went: its UploadError, which says the record may remain.
  it('rejects once its signal fires after the delete was asked, saying the record may remain', async () => {
    const resume = { store: kit.store, key: 'talk.bin' };
    await h.cutOff(streamOf(before), { filename: 'talk.bin', resume }, 3);
    const controller = new AbortController();
    kit.state.hang = kit.state.setHangs = true;
    kit.state.onDelete = () => controller.abort();
    const outcome = await h
      .client()
      .media.upload(streamOf(after), {
        operation_type: 'tiny',
        filename: 'talk.bin',
        resume,
        signal: controller.signal,
      })
      .catch((error: unknown) => error);
    expect(kit.state.deletes).toBe(1);
    expect(outcome).toBeInstanceOf(UploadError);
    expect((outcome as Error).message).toMatch(/Chunk 1 of the stream differs.*may remain/);
  });

  it('with a short chunkTimeout and no signal: UploadError saying the record may remain', async () => {
    const resume = { store: kit.store, key: 'kept.bin' };
    await h.cutOff(streamOf(before), { filename: 'kept.bin', resume }, 3);
    const [key] = [...kit.records.keys()];
    kit.state.hang = kit.state.setHangs = true;
    const outcome = await h
      .client()
      .media.upload(streamOf(after), {
        operation_type: 'tiny',
        filename: 'kept.bin',
        resume,
        chunkTimeout: 1000,
      })
      .catch((error: unknown) => error);
    expect(kit.state.deletes).toBe(1);
    expect(outcome).toBeInstanceOf(UploadError);
    const { message } = outcome as UploadError;
    expect(message).toContain(`Its resume record "${key}" could not be deleted`);
    expect(message).toMatch(/may remain.*delete it from your store, or upload again under another/);
    expect(message).not.toMatch(/record is deleted/);
  });
});

describe('fromPath of a file that hides its size', () => {
  it.skipIf(process.platform !== 'linux')(
    'refuses /proc/self/status (stats as 0 bytes, has some) on its path field',
    async () => {
      const opened = fromPath('/proc/self/status').catch((error: unknown) => error);
      const refused = await opened;
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect((refused as InvalidRequestError).field).toBe('path');
      expect((refused as Error).message).toMatch(
        /\/proc\/self\/status stats as 0 bytes but has bytes.*would upload as empty; copy it/,
      );
    },
  );

  it('still opens a real empty file as an empty File', async () => {
    const path = folder.in('empty.txt');
    await writeFile(path, '');
    const file = await fromPath(path);
    expect(file.size).toBe(0);
    expect(file.name).toBe('empty.txt');
  });
});
