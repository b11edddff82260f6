import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidRequestError,
  MaxChunksExceededError,
  NotFoundError,
  UploadError,
} from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sha256, sinkClient, uploadNameOf, webStream } from './support/upload-kit.js';

let sink: ChunkSink;
let n = 0;
const opts = () => ({ operation_type: 'test-small', filename: `f${++n}.bin`, mime: 'image/png' });

beforeAll(async () => {
  sink = await startChunkSink({
    operationTypes: {
      'test-small': { chunk_size: 1024, max_chunks: 8 },
      'one-chunk-max': { chunk_size: 1024, max_chunks: 1 },
    },
  });
});
afterAll(() => sink.close());

describe('chunk planning', () => {
  it('uploads 7 chunks when max_chunks is 8 (the count must be less than it)', async () => {
    const bytes = bytesOf(7 * 1024);
    const file = await sinkClient(sink).media.upload(bytes, opts());
    expect(sha256(sink.files.find((f) => f.id === file.id)!.bytes)).toBe(sha256(bytes));
  });

  it('rejects 8 chunks against max_chunks 8 before sending any chunk, naming both numbers', async () => {
    const before = sink.chunks.length;
    const upload = sinkClient(sink).media.upload(bytesOf(7 * 1024 + 1), opts());
    await expect(upload).rejects.toBeInstanceOf(MaxChunksExceededError);
    await expect(upload).rejects.toMatchObject({
      totalChunks: 8,
      maxChunks: 8,
      message: expect.stringMatching(/8 chunks.*fewer than 8/),
    });
    expect(sink.chunks.length).toBe(before);
  });

  it('sends an empty file as one empty chunk, and finalizes it', async () => {
    const before = sink.chunks.length;
    const file = await sinkClient(sink).media.upload(new Uint8Array(0), opts());
    expect(sink.chunks.slice(before)).toMatchObject([{ index: 0, size: 0, totalChunks: 1 }]);
    expect(sink.files.find((f) => f.id === file.id)!.bytes.byteLength).toBe(0);
  });

  it('rejects even an empty file when max_chunks allows no chunk at all (max_chunks 1)', async () => {
    const upload = sinkClient(sink).media.upload(new Uint8Array(0), {
      ...opts(),
      operation_type: 'one-chunk-max',
    });
    await expect(upload).rejects.toMatchObject({ totalChunks: 1, maxChunks: 1 });
  });

  it('passes the service error through when the operation type does not exist', async () => {
    const upload = sinkClient(sink).media.upload(bytesOf(10), {
      ...opts(),
      operation_type: 'nope',
    });
    await expect(upload).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('arguments checked before any request', () => {
  it.each([
    ['a stream without its size', { stream: webStream(bytesOf(10)) }, 'source.size'],
    ['a bare Node Readable', Readable.from([Buffer.from('abc')]), 'source'],
    ['a negative size', { stream: webStream(bytesOf(10)), size: -1 }, 'source.size'],
    ['a string', 'hello', 'source'],
  ])('rejects %s', async (_label, source, field) => {
    const before = sink.chunks.length;
    // @ts-expect-error: wrong on purpose
    const upload = sinkClient(sink).media.upload(source, opts());
    await expect(upload).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(upload).rejects.toMatchObject({ field });
    expect(sink.chunks.length).toBe(before);
  });

  it('needs a filename unless the source is a File, and says so', async () => {
    const client = sinkClient(sink);
    const before = sink.chunks.length;
    for (const source of [
      bytesOf(3),
      new Blob(['abc']),
      { stream: webStream(bytesOf(3)), size: 3 },
    ]) {
      const upload = client.media.upload(source, {
        operation_type: 'test-small',
        mime: 'image/png',
      });
      await expect(upload).rejects.toMatchObject({
        name: 'InvalidRequestError',
        field: 'filename',
        message: expect.stringContaining('A filename is needed'),
      });
    }
    expect(sink.chunks.length).toBe(before);
  });

  it('sends application/octet-stream for bytes or a Blob with no type', async () => {
    const client = sinkClient(sink);
    for (const source of [bytesOf(3), new Blob(['abc'])]) {
      const before = sink.chunks.length;
      const file = await client.media.upload(source, {
        operation_type: 'test-small',
        filename: `typeless-${++n}.bin`,
      });
      expect(file.mime).toBe('application/octet-stream');
      expect(sink.chunks.slice(before)).toMatchObject([{ mime: 'application/octet-stream' }]);
    }
  });

  it("takes a File's name and type", async () => {
    const client = sinkClient(sink);
    const named = new File(['abc'], `named-${++n}.txt`, { type: 'text/plain' });
    const before = sink.chunks.length;
    const file = await client.media.upload(named, { operation_type: 'test-small' });
    expect(file.mime).toBe('text/plain');
    expect(sink.chunks.slice(before)).toMatchObject([
      { filename: expect.stringMatching(uploadNameOf(named.name)), mime: 'text/plain' },
    ]);
  });

  it.each([
    ['concurrency', 0],
    ['concurrency', 1.5],
    ['chunkTimeout', 0],
    ['maxRetries', -1],
  ])('rejects %s = %s', async (field, value) => {
    const upload = sinkClient(sink).media.upload(bytesOf(3), { ...opts(), [field]: value });
    await expect(upload).rejects.toMatchObject({ name: 'InvalidRequestError', field });
  });
});

describe('a web stream that is already locked', () => {
  it('is an InvalidRequestError before any request, not a TypeError', async () => {
    const stream = webStream(bytesOf(2000));
    const reader = stream.getReader(); // someone else reads it
    const [chunks, finalizes] = [sink.chunks.length, sink.finalizeCalls];
    const upload = sinkClient(sink).media.upload({ stream, size: 2000 }, opts());
    await expect(upload).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(upload).rejects.toMatchObject({
      field: 'source.stream',
      message: expect.stringContaining('locked'),
    });
    expect([sink.chunks.length, sink.finalizeCalls]).toEqual([chunks, finalizes]);
    reader.releaseLock();
  });
});

describe('a stream that does not hold its declared size', () => {
  it('fails when it ends early, and does not finalize', async () => {
    const finalizes = sink.finalizeCalls;
    const bytes = bytesOf(3000);
    const upload = sinkClient(sink).media.upload({ stream: webStream(bytes), size: 4000 }, opts());
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    await expect(upload).rejects.toMatchObject({
      failedChunks: [2],
      cause: { message: expect.stringMatching(/ended after 3000 bytes.*declared size is 4000/) },
    });
    expect(sink.finalizeCalls).toBe(finalizes);
  });

  it('fails when it holds more, and does not finalize', async () => {
    const finalizes = sink.finalizeCalls;
    const upload = sinkClient(sink).media.upload(
      { stream: Readable.from([Buffer.from(bytesOf(2500))]), size: 2048 },
      opts(),
    );
    await expect(upload).rejects.toMatchObject({
      name: 'UploadSourceError',
      failedChunks: [1],
      cause: { message: expect.stringMatching(/holds at least 2500 bytes.*declared size is 2048/) },
    });
    expect(sink.finalizeCalls).toBe(finalizes);
  });

  it('fails with the stream’s own error when it errors', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytesOf(1500));
        controller.error(new Error('disk on fire'));
      },
    });
    const upload = sinkClient(sink).media.upload({ stream: broken, size: 4000 }, opts());
    await expect(upload).rejects.toMatchObject({
      name: 'UploadSourceError',
      cause: { message: 'disk on fire' },
    });
  });
});
