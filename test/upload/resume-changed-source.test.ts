// A resumed upload whose source changed while its name, size and modification time did not (a
// file rewritten with its mtime restored, a File with a fixed lastModified, a stream under the same
// key): the bytes decide. Each acknowledged chunk's digest is in the record, so a changed source is
// never assembled with chunks of its old bytes: a file starts afresh, a stream fails and forgets.
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UploadError, type UploadRecord } from '../../src/index.js';
import { fileUploadStore, fromPath } from '../../src/node.js';
import { CHUNK, TOTAL, fileOf, range, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256, webStream } from './support/upload-kit.js';

const h = resumeHarness();
let n = 0;
let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-changed-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** `bytes` with one byte of chunk `index` flipped: same size, other content. */
function withChunkChanged(bytes: Uint8Array, index: number): Uint8Array {
  const changed = bytes.slice();
  changed[index * CHUNK + 3]! ^= 0xff;
  return changed;
}

describe('a file rewritten with the same name, size and modification time', () => {
  it('on disk, mtime restored (fromPath, fileUploadStore): starts afresh, and the file is the new bytes', async () => {
    const name = `rewritten-${++n}.png`;
    const path = join(dir, name);
    const old = bytesOf(TOTAL * CHUNK);
    const mtime = new Date(1_700_000_000_000);
    await writeFile(path, old);
    await utimes(path, mtime, mtime);
    const store = fileUploadStore(join(dir, 'store'));
    await h.cutOff(await fromPath(path), { resume: { store } }, 5);

    const fresh = withChunkChanged(old, 2); // a chunk already acknowledged
    await writeFile(path, fresh);
    await utimes(path, mtime, mtime);
    expect((await stat(path)).mtimeMs).toBe(mtime.getTime());
    const { file, sent } = await h.finish(await fromPath(path), { resume: { store } }, name);

    expect(sent).toEqual(range(0, TOTAL));
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(await readFile(path)));
    expect(h.recorder.namesOf(name)).toHaveLength(2);
    expect(h.warnings).toEqual([expect.stringMatching(/chunk 2 of the source differs/)]);
  });

  it.each([
    ['the first chunk', 0],
    ['the last acknowledged chunk', 4],
  ])('a File with a fixed lastModified, %s changed: starts afresh', async (_label, changedAt) => {
    const name = `fixed-${++n}.png`;
    const old = bytesOf(TOTAL * CHUNK - 9);
    const { store, records } = memoryUploadStore();
    await h.cutOff(fileOf(old, name), { resume: { store } }, 5);
    const fresh = withChunkChanged(old, changedAt);
    const { file, sent } = await h.finish(fileOf(fresh, name), { resume: { store } }, name);
    expect(sent).toEqual(range(0, TOTAL));
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(fresh));
    expect(records.size).toBe(0);
  });

  it('a chunk changed that was never sent: resumes, and the file is the new bytes', async () => {
    const name = `tail-${++n}.png`;
    const old = bytesOf(TOTAL * CHUNK);
    const { store } = memoryUploadStore();
    await h.cutOff(fileOf(old, name), { resume: { store } }, 5);
    const fresh = withChunkChanged(old, 7);
    const { file, sent } = await h.finish(fileOf(fresh, name), { resume: { store } }, name);
    expect(sent).toEqual(range(5, TOTAL));
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(fresh));
    expect(h.warnings).toEqual([]);
  });
});

describe('a stream under the same key with other bytes (it cannot be read again)', () => {
  const stream = (bytes: Uint8Array) => ({ stream: webStream(bytes, 100), size: bytes.length });

  it('a changed acknowledged chunk: UploadError naming it, nothing sent, the record deleted; the next call starts afresh', async () => {
    const name = `stream-${++n}.bin`;
    const old = bytesOf(TOTAL * CHUNK);
    const { store, records } = memoryUploadStore();
    const options = { filename: name, resume: { store, key: `stream-key-${n}` } };
    await h.cutOff(stream(old), options, 6);
    const fresh = withChunkChanged(old, 3);
    const before = h.recorder.trace(name).chunks.length;

    const failed = h.finish(stream(fresh), options, name);
    await expect(failed).rejects.toBeInstanceOf(UploadError);
    await expect(failed).rejects.toMatchObject({ failedChunks: [3] });
    expect(h.recorder.trace(name).chunks.length).toBe(before);
    expect(h.recorder.trace(name).finalizes).toEqual([]);
    expect(records.size).toBe(0);

    const { file } = await h.finish(stream(fresh), options, name);
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(fresh));
  });

  it('a changed chunk past a gap in the record (sent again, so checked before it goes): UploadError, never a mix', async () => {
    const name = `gap-${++n}.bin`;
    const old = bytesOf(TOTAL * CHUNK);
    const { store, records } = memoryUploadStore();
    const options = { filename: name, resume: { store, key: `gap-key-${n}` } };
    await h.cutOff(stream(old), options, 7);
    // A lost record write: chunk 4 is acknowledged by the service but not in the record.
    const record = [...records.values()][0]! as UploadRecord;
    const at = record.acknowledged.indexOf(4);
    record.acknowledged.splice(at, 1);
    record.digests.splice(at, 1);
    const fresh = withChunkChanged(old, 5);

    const failed = h.finish(stream(fresh), options, name);
    // Chunk 4, held with no digest recorded, is refused too (inflight17), beside 5 if it was read.
    await expect(failed).rejects.toMatchObject({
      name: 'UploadError',
      failedChunks: expect.arrayContaining([4]),
    });
    expect(h.recorder.trace(name).finalizes).toEqual([]);
    expect(await h.copiesOf(name)).toBe(0);
  });
});

describe('a runtime without crypto.subtle (a page on plain http)', () => {
  it('uploads without resume, with one warning, and writes no record', async () => {
    const name = `no-subtle-${++n}.png`;
    const bytes = bytesOf(3 * CHUNK);
    const { store, records } = memoryUploadStore();
    const { crypto } = globalThis;
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const { file } = await h.finish(fileOf(bytes, name), { resume: { store } }, name);
      expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(records.size).toBe(0);
    expect(h.warnings).toEqual([expect.stringMatching(/crypto\.subtle is not available/)]);
  });
});
