// A plain fs.ReadStream the upload frees the pieces of (read-stream-pieces-freed.test.ts), touched
// by its caller while the upload reads it: bytes of the caller's put in with `unshift`, an encoding
// set, the stream paused. The caller's buffers are never freed, and the upload either stores what
// the stream gave, whole, or rejects typed before finalize.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UploadSourceError, type MediaFile } from '../../src/index.js';
import { bytesOf, sha256, sinkClient } from './support/upload-kit.js';
import { useChunkSink } from './support/use-chunk-sink.js';
import { watchFrees, type Es2024Buffer } from './support/watch-frees.js';

const KiB = 1024;
const CHUNK = 1024 * KiB;
const PIECE = 64 * KiB;
let dir: string;
let path: string;
let bytes: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-read-stream-touched-'));
  path = join(dir, 'clip.bin');
  // Longer than the 4 MiB the upload reads ahead: the stream is still reading when it is touched.
  bytes = bytesOf(8 * CHUNK + 333);
  await writeFile(path, bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));
const sink = useChunkSink({ operationTypes: { big: { chunk_size: CHUNK, max_chunks: null } } });
afterEach(() => void vi.restoreAllMocks());

/** Finalize requests this upload sent (its upload name starts with its file name's stem). */
const finalizesOf = (stem: string) =>
  sink().files.filter((file) => String(file.body.filename).startsWith(`${stem}.`)).length;
const stored = (id: number) => sink().files.find((file) => file.id === id)!.bytes;
const detached = (piece: Uint8Array) => (piece.buffer as Es2024Buffer).detached;
const outcomeOf = (upload: Promise<MediaFile>) =>
  upload.then(
    (file) => file,
    (error: unknown) => error,
  );

describe('an fs.ReadStream touched by its caller during the upload', () => {
  it('a header unshifted mid-upload is never freed, and the upload stores what the stream gave', async () => {
    const frees = watchFrees();
    const header = Buffer.alloc(1000, 7); // a buffer of its own, not a slice of Node's pool
    const stream = createReadStream(path, { highWaterMark: PIECE });
    let put = false;
    const file = await sinkClient(sink()).media.upload(
      { stream, size: header.byteLength + bytes.byteLength },
      {
        operation_type: 'big',
        filename: 'touched.bin',
        concurrency: 1,
        onChunk: () => {
          if (put) return;
          put = true;
          stream.unshift(header);
        },
      },
    );
    expect(detached(header)).toBe(false);
    expect(header).toEqual(Buffer.alloc(1000, 7));
    // The header went in where the stream was when it was put back; the rest is the file.
    const assembled = Buffer.from(stored(file.id));
    const at = assembled.indexOf(Buffer.alloc(1000, 7));
    expect(at).toBeGreaterThan(0);
    const rest = Buffer.concat([assembled.subarray(0, at), assembled.subarray(at + 1000)]);
    expect(sha256(rest)).toBe(sha256(bytes));
    expect(total(frees)).toBeLessThan(bytes.byteLength); // freed until the header came, then not
  });

  it('a header unshifted mid-upload with the file size declared: a typed source error', async () => {
    const header = Buffer.alloc(1000, 7);
    const stream = createReadStream(path, { highWaterMark: PIECE });
    let put = false;
    const outcome = await outcomeOf(
      sinkClient(sink()).media.upload(
        { stream, size: bytes.byteLength },
        {
          operation_type: 'big',
          filename: 'touched-size.bin',
          concurrency: 1,
          onChunk: () => void (!put && (put = true) && stream.unshift(header)),
        },
      ),
    );
    expect(outcome).toBeInstanceOf(UploadSourceError);
    // What to do: the size the caller declared must count the bytes they put in.
    expect((outcome as Error).message).toMatch(
      /declared size is \d+ \(bytes put in with unshift count/,
    );
    expect(finalizesOf('touched-size')).toBe(0);
    expect(detached(header)).toBe(false);
  });

  it('an encoding set mid-upload (strings, not bytes): a typed error, nothing finalized', async () => {
    const stream = createReadStream(path, { highWaterMark: PIECE });
    let set = false;
    const outcome = await outcomeOf(
      sinkClient(sink()).media.upload(
        { stream, size: bytes.byteLength },
        {
          operation_type: 'big',
          filename: 'encoded.bin',
          concurrency: 1,
          onChunk: () => void (!set && (set = true) && stream.setEncoding('latin1')),
        },
      ),
    );
    expect(outcome).toBeInstanceOf(UploadSourceError);
    expect((outcome as Error).message).toMatch(/must yield Uint8Array pieces/);
    expect(finalizesOf('encoded')).toBe(0);
  });

  it('paused and resumed by its caller mid-upload: stored whole', async () => {
    const stream = createReadStream(path, { highWaterMark: PIECE });
    let paused = false;
    const file = await sinkClient(sink()).media.upload(
      { stream, size: bytes.byteLength },
      {
        operation_type: 'big',
        filename: 'paused.bin',
        concurrency: 1,
        onChunk: () => {
          if (paused) return;
          paused = true;
          stream.pause();
          setTimeout(() => stream.resume(), 5);
        },
      },
    );
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(finalizesOf('paused')).toBe(1);
  });
});

describe('an fs.ReadStream opened otherwise (attacks that found nothing: kept as guards)', () => {
  it('a range (start, end) read in odd pieces: stored as that range, every piece freed', async () => {
    const frees = watchFrees();
    const [start, end] = [1001, 1001 + 2 * CHUNK + 17];
    const stream = createReadStream(path, { start, end, highWaterMark: 64 * KiB + 3 });
    const size = end - start + 1;
    const file = await sinkClient(sink()).media.upload(
      { stream, size },
      { operation_type: 'big', filename: 'range.bin' },
    );
    expect(sha256(stored(file.id))).toBe(sha256(bytes.subarray(start, end + 1)));
    expect(total(frees)).toBe(size);
  });

  it('a file handle passed in (fd): stored whole', async () => {
    const handle = await open(path);
    const stream = createReadStream('', { fd: handle.fd, highWaterMark: PIECE });
    const file = await sinkClient(sink()).media.upload(
      { stream, size: bytes.byteLength },
      { operation_type: 'big', filename: 'fd.bin' },
    );
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    await handle.close().catch(() => undefined); // the stream closed its fd
  });
});

function total(sizes: number[]): number {
  return sizes.reduce((sum, size) => sum + size, 0);
}
