// review19b: redteam48 writes a chunk's digest to the resume record before the chunk leaves. Attacked
// with several chunks at once and a store whose writes each take their time (and land out of the
// order they were asked in, as a store that does not queue them would): at the moment any chunk
// reaches the service, the record the store holds must name that chunk with the bytes it carries.
// A foreign signal (another realm's) aborting between chunks must leave that record to resume.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbortError, type UploadRecord, type UploadStore } from '../../src/index.js';
import { fileUploadStore } from '../../src/node.js';
import { FOREIGN_CONTROLLERS } from '../support/foreign-signal.js';
import { freshUserClient } from './support/fresh-user-client.js';
import { CHUNK, useTinyUploadServer } from './support/tiny-upload-server.js';
import { bytesOf } from './support/upload-kit.js';

const server = useTinyUploadServer();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function chunkOf(request: Request) {
  const chunk = request.method === 'POST' && new URL(request.url).pathname.endsWith('/chunk');
  if (!chunk) return undefined;
  const form = await request.clone().formData();
  const blob = form.get('chunk') ?? [...form.values()].find((value) => value instanceof Blob);
  const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
  return { index: Number(form.get('chunk_index')), digest: sha256(bytes) };
}

/** The digest the record names for chunk `index`, acknowledged or out. */
function named(record: UploadRecord | undefined, index: number): string | undefined {
  if (!record) return undefined;
  const at = record.acknowledged.indexOf(index);
  if (at >= 0) return record.digests[at];
  return record.inFlight?.find((chunk) => chunk.index === index)?.digest;
}

/** A store whose every write lands a few turns later, the later asked sometimes first. */
function slowStore() {
  const records = new Map<string, UploadRecord>();
  let writes = 0;
  const turns = (n: number) =>
    new Promise<void>((resolve) => {
      const next = (left: number) => (left ? setImmediate(() => next(left - 1)) : resolve());
      next(n);
    });
  const store: UploadStore = {
    get: async (key) => records.get(key),
    set: async (key, record) => {
      const copy = structuredClone(record);
      await turns(++writes % 3 === 0 ? 1 : 4);
      records.set(key, copy);
    },
    delete: async (key) => void records.delete(key),
  };
  return { store, records };
}

/** Uploads 13 chunks, 4 at once, through `store`: each must be in `stored()` as it leaves. */
async function expectEveryChunkNamed(
  store: UploadStore,
  stored: () => Promise<UploadRecord | undefined>,
  key: string,
) {
  const bytes = bytesOf(12 * CHUNK + 33);
  const unnamed: number[] = [];
  let sent = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const chunk = await chunkOf(request);
    if (chunk) {
      sent++;
      const record = await stored();
      if (named(record, chunk.index) !== chunk.digest) unnamed.push(chunk.index);
    }
    return globalThis.fetch(request);
  };
  const client = freshUserClient(server(), fetch, { retryBaseDelay: 1 });
  const options = { operation_type: 'tiny', filename: `${key}.png`, concurrency: 4 };
  await client.media.upload(bytes, { ...options, resume: { store, key } });
  expect(sent).toBe(13);
  expect(unnamed).toEqual([]);
}

describe("a resume record names each chunk's bytes before it reaches the service", () => {
  it('with four chunks at once and slow writes', async () => {
    const { store, records } = slowStore();
    await expectEveryChunkNamed(store, async () => [...records.values()][0], 'slow');
  });

  // fileUploadStore: a lock whose hold is asked before each write (hold-watch.ts).
  it('with four chunks at once, in fileUploadStore', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-named-before-send-'));
    try {
      const store = fileUploadStore(dir);
      await expectEveryChunkNamed(
        store,
        async () => (await store.get('locked')) as UploadRecord | undefined,
        'locked',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each(FOREIGN_CONTROLLERS)(
    '%s signal aborted between chunks keeps the record: a resume sends the rest',
    async (_, controllerOf) => {
      const records = new Map<string, UploadRecord>();
      const store: UploadStore = {
        get: async (key) => records.get(key),
        set: async (key, record) => void records.set(key, structuredClone(record)),
        delete: async (key) => void records.delete(key),
      };
      const controller = controllerOf();
      const bytes = bytesOf(6 * CHUNK);
      const indexes: number[] = [];
      const fetch: typeof globalThis.fetch = async (input, init) => {
        const request = new Request(input, init);
        const chunk = await chunkOf(request);
        // Chunk 2 about to leave, 0 and 1 acknowledged: the user leaves.
        if (chunk?.index === 2 && indexes.length === 2)
          controller.abort(new Error('the user left'));
        if (chunk) indexes.push(chunk.index);
        return globalThis.fetch(request);
      };
      const client = freshUserClient(server(), fetch, { retryBaseDelay: 1 });
      const options = { operation_type: 'tiny', filename: `left-${_.length}.png`, concurrency: 1 };
      const resume = { store, key: `left-${_}` };
      const stopped = client.media.upload(bytes, { ...options, resume, signal: controller.signal });
      await expect(stopped).rejects.toBeInstanceOf(AbortError);
      expect(records.get(resume.key)?.acknowledged).toEqual([0, 1]);
      indexes.length = 0;
      const file = await client.media.upload(bytes, { ...options, resume });
      expect(indexes).toEqual([2, 3, 4, 5]); // 0 and 1 not sent again
      expect(sha256(server().simulator.fileBytes(file.id))).toBe(sha256(bytes));
      expect(records.has(resume.key)).toBe(false);
    },
  );
});
