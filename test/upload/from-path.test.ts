// fromPath's defaults: the path's base name as the filename, a MIME type from the extension, and
// the file's modification time as lastModified (what a resumed upload tells a changed file by).
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPath } from '../../src/node.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sinkClient, uploadNameOf } from './support/upload-kit.js';

let dir: string;
let sink: ChunkSink;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-frompath-'));
  sink = await startChunkSink();
});
afterAll(async () => {
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});

async function fileAt(name: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytesOf(1500));
  return path;
}

describe('fromPath defaults', () => {
  it.each([
    ['talk.mp4', 'video/mp4'],
    ['Scan.PDF', 'application/pdf'],
    ['photo.jpeg', 'image/jpeg'],
    ['clip.mov', 'video/quicktime'],
    ['data.unknownext', 'application/octet-stream'],
    ['no-extension', 'application/octet-stream'],
  ])('%s is uploaded under its base name as %s', async (name, mime) => {
    const before = sink.chunks.length;
    const file = await sinkClient(sink).media.upload(await fromPath(await fileAt(name)), {
      operation_type: 'small',
    });
    expect(file.mime).toBe(mime);
    expect(sink.chunks.slice(before)).toMatchObject([
      { filename: expect.stringMatching(uploadNameOf(name)), mime },
      { filename: expect.stringMatching(uploadNameOf(name)), mime },
    ]);
  });

  it('takes the type given over the extension', async () => {
    const file = await fromPath(await fileAt('movie.mp4'), { type: 'video/x-custom' });
    expect(file.type).toBe('video/x-custom');
  });

  it("carries the file's modification time as lastModified", async () => {
    const path = await fileAt('dated.bin');
    await utimes(path, new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
    const file = await fromPath(path);
    expect(file.lastModified).toBe(Math.trunc((await stat(path)).mtimeMs));
    expect(file.lastModified).toBe(Date.parse('2026-01-02T03:04:05Z'));
  });
});

describe('a path given the wrong way (a JavaScript caller: TypeScript refuses both)', () => {
  it('says to await fromPath when given its Promise, with or without a filename, sending nothing', async () => {
    const path = await fileAt('unawaited.mp4');
    const before = sink.chunks.length;
    for (const filename of [undefined, 'unawaited.mp4']) {
      const source = fromPath(path) as unknown as Blob;
      const upload = sinkClient(sink).media.upload(source, {
        operation_type: 'small',
        ...(filename ? { filename } : {}),
      });
      await expect(upload).rejects.toMatchObject({
        name: 'InvalidRequestError',
        field: 'source',
        message: expect.stringContaining('a Promise; await it first (`await fromPath(path)`'),
      });
    }
    expect(sink.chunks.length).toBe(before);
  });

  it('says to pass fromPath(path) when given the path itself, sending nothing', async () => {
    const path = await fileAt('as-string.mp4');
    const before = sink.chunks.length;
    const upload = sinkClient(sink).media.upload(path as unknown as Blob, {
      operation_type: 'small',
    });
    await expect(upload).rejects.toMatchObject({
      name: 'InvalidRequestError',
      field: 'source',
      message: expect.stringContaining('pass `await fromPath(path)` (from seatpay/node)'),
    });
    expect(sink.chunks.length).toBe(before);
  });
});
