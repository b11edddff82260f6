// Proven whole: the service names the file it assembled by the md5 of its bytes, and the upload
// compares that with the md5 of every byte of the source, chunks acknowledged by an earlier run
// included. A simulator that assembles wrong (a chunk under another index, a truncated chunk,
// another upload's chunk) is caught, on a fresh upload and after a resume, from every source.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  UploadDigestMismatchError,
  UploadError,
  type UploadSource,
  type UploadStore,
} from '../../src/index.js';
import { startMockServer } from '../../src/mock/index.js';
import { fileUploadStore, fromPath } from '../../src/node.js';
import { CHUNK, TOTAL, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, webStream } from './support/upload-kit.js';

const h = resumeHarness();
let dir: string;
let n = 0;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-whole-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const FINALIZE = 'POST /v2/media/me/chunk/upload';
const corruptions = ['misplaced-chunk', 'truncated-chunk', 'foreign-chunk'] as const;

/** Each kind of source, made afresh for each run from the same bytes (a stream is read once). */
const kinds: Record<string, (bytes: Uint8Array, name: string) => Promise<UploadSource>> = {
  File: async (bytes, name) => fileOf(bytes, name),
  Uint8Array: async (bytes) => bytes,
  'web ReadableStream': async (bytes) => ({ stream: webStream(bytes, 100), size: bytes.length }),
  'Node Readable': async (bytes) => ({
    stream: Readable.from([bytes.subarray(0, 300), bytes.subarray(300)]),
    size: bytes.length,
  }),
  fromPath: async (bytes, name) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return fromPath(path);
  },
};

/** A resume store and key for a source of `kind` (a source with no mtime needs its own key). */
type Resume = { store: UploadStore; key?: string };

function resumeOf(kind: string, name: string): Resume {
  const store =
    kind === 'fromPath' ? fileUploadStore(join(dir, 'store')) : memoryUploadStore().store;
  return kind === 'File' || kind === 'fromPath' ? { store } : { store, key: name };
}

describe.each(Object.keys(kinds))('from a %s', (kind) => {
  const make = kinds[kind]!;

  it('an upload checked, resumed or not, resolves: its md5 is that of every byte', async () => {
    const name = `whole-${++n}.png`;
    const bytes = bytesOf(TOTAL * CHUNK - 17);
    const resume = resumeOf(kind, name);
    await h.cutOff(await make(bytes, name), { filename: name, resume }, 4);
    const { file } = await h.finish(
      await make(bytes, name),
      { filename: name, resume, checkDigest: true },
      name,
    );
    expect(file.name).toBe(md5(bytes));
  });

  describe.each(corruptions)('a %s in what the service assembled', (corruption) => {
    async function caught(run: (name: string, bytes: Uint8Array) => Promise<unknown>) {
      const name = `corrupt-${++n}.png`;
      const bytes = bytesOf(TOTAL * CHUNK - 17);
      // Another upload's chunks are held at the service (an upload cut off).
      if (corruption === 'foreign-chunk')
        await h.cutOff(bytesOf(3 * CHUNK), { filename: 'other.png' }, 2);
      const error = await run(name, bytes).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(UploadDigestMismatchError);
      expect(error).toBeInstanceOf(UploadError);
      const mismatch = error as UploadDigestMismatchError;
      const stored = h.recorder.simulator.fileBytes(mismatch.fileId!);
      expect(mismatch.expectedMd5).toBe(md5(bytes));
      expect(mismatch.receivedMd5).toBe(md5(stored));
      expect(mismatch.receivedMd5).not.toBe(mismatch.expectedMd5);
      expect(mismatch.message).toContain(`file ${mismatch.fileId} exists on the service`);
      expect(mismatch.message).toMatch(/not the source/);
      // Never retried: one finalize reached the service.
      expect(h.recorder.trace(name).finalizes).toEqual([201]);
    }

    /** The upload of `bytes` (resumed from `resume`), the service's assembly corrupted. */
    async function corruptedUpload(name: string, bytes: Uint8Array, resume?: Resume) {
      h.recorder.simulator.faults.inject({ route: FINALIZE, kind: 'corrupt-assembly', corruption });
      await h.client().media.upload(await make(bytes, name), {
        operation_type: 'tiny',
        filename: name,
        ...(resume && { resume }),
        checkDigest: true,
      });
    }

    it('is caught on a fresh upload', async () => {
      await caught((name, bytes) => corruptedUpload(name, bytes));
    });

    it('is caught after a resume', async () => {
      await caught(async (name, bytes) => {
        const resume = resumeOf(kind, name);
        await h.cutOff(await make(bytes, name), { filename: name, resume }, 5);
        await corruptedUpload(name, bytes, resume);
      });
    });
  });
});

it('unchecked with checkDigest: false (the spec profile default): the corrupt file resolves', async () => {
  const bytes = bytesOf(TOTAL * CHUNK);
  h.recorder.simulator.faults.inject({
    route: FINALIZE,
    kind: 'corrupt-assembly',
    corruption: 'truncated-chunk',
  });
  const file = await h.client().media.upload(bytes, { operation_type: 'tiny', filename: 'u.png' });
  expect(file.name).not.toBe(md5(bytes));
});

it('checkDigest must be a boolean, refused before any request', async () => {
  const upload = h.client().media.upload(bytesOf(10), {
    operation_type: 'tiny',
    filename: 'x.png',
    checkDigest: 'yes' as unknown as boolean,
  });
  await expect(upload).rejects.toThrow(/Invalid checkDigest: must be true or false/);
  expect(h.recorder.trace('x.png').chunks).toEqual([]);
});

describe('sources read in pieces larger than one read (chunks past 1 MiB)', () => {
  it("fromPath and a Node Buffer: checked, and the caller's memory left whole", async () => {
    const big = 3 * 1024 * 1024 + 5;
    const server = await startMockServer({
      operationTypes: { big: { chunk_size: 2 * 1024 * 1024 + 3, max_chunks: null } },
    });
    try {
      const sdk = createClient({
        baseUrl: server.url,
        token: server.simulator.users.owner.token,
        logLevel: 'off',
      });
      const bytes = Buffer.from(bytesOf(big));
      const copy = Buffer.from(bytes);
      const path = join(dir, 'big.bin');
      await writeFile(path, bytes);
      for (const source of [await fromPath(path), bytes]) {
        const file = await sdk.media.upload(source, {
          operation_type: 'big',
          filename: 'big.bin',
          checkDigest: true,
        });
        expect(file.name).toBe(md5(copy));
      }
      expect(bytes.byteLength).toBe(big);
      expect(bytes.equals(copy)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
