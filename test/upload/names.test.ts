// Every upload carries a name of its own, against a service that assembles the chunks whose name
// equals finalize's `filename` and answers a chunk it holds with `chunk-already-exists`, as the
// deployed server does (live-api.md, media; the loopback sink here). Leftovers of a cut-off
// upload, or a concurrent upload of the same file name, can never end up in another's file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, createClient } from '../../src/index.js';
import { startMockServer } from '../../src/mock/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import {
  bytesOf,
  cutOffUpload,
  memoryUploadStore,
  sha256,
  sinkClient,
  uploadNameOf,
} from './support/upload-kit.js';

const CHUNK = 1024;
let sink: ChunkSink;

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(() => sink.close());

const assembled = (id: number) => sink.files.find((file) => file.id === id)!.bytes;

describe('the name an upload carries', () => {
  it.each([
    ['intro.mp4', /^intro\.[0-9a-f]{20}\.mp4$/],
    ['archive.tar.gz', /^archive\.tar\.[0-9a-f]{20}\.gz$/],
    ['README', /^README\.[0-9a-f]{20}$/],
    ['.env', /^\.env\.[0-9a-f]{20}$/],
    ['notes.2026-11-23T10:00:00', /^notes\.2026-11-23T10:00:00\.[0-9a-f]{20}$/],
    [`${'x'.repeat(200)}.png`, new RegExp(`^x{80}\\.[0-9a-f]{20}\\.png$`)],
  ])('%s: the same on every chunk and at finalize, and recognizable', async (filename, name) => {
    const file = await sinkClient(sink).media.upload(bytesOf(3 * CHUNK), {
      operation_type: 'small',
      filename,
    });
    const names = new Set(sink.chunks.map((chunk) => chunk.filename));
    expect(names.size).toBe(1);
    const [sent] = names;
    expect(sent).toMatch(name);
    expect(sink.files.find((f) => f.id === file.id)?.body.filename).toBe(sent);
  });

  it('differs between two uploads of the same file', async () => {
    const client = sinkClient(sink);
    const bytes = bytesOf(CHUNK);
    await client.media.upload(bytes, { operation_type: 'small', filename: 'same.bin' });
    await client.media.upload(bytes, { operation_type: 'small', filename: 'same.bin' });
    const [first, second] = sink.chunks.map((chunk) => chunk.filename);
    expect(first).toMatch(uploadNameOf('same.bin'));
    expect(second).toMatch(uploadNameOf('same.bin'));
    expect(first).not.toBe(second);
  });
});

describe('a server that matches chunks by name', () => {
  it('after an upload cut off at each chunk boundary, other bytes under the same name are the file', async () => {
    const client = sinkClient(sink);
    for (let boundary = 1; boundary < 5; boundary++) {
      const options = { operation_type: 'small', filename: 'clip.mp4' };
      const cut = await cutOffUpload(client, bytesOf(5 * CHUNK), options, boundary);
      expect(cut).toBeInstanceOf(AbortError);
      const other = bytesOf(5 * CHUNK);
      const file = await client.media.upload(other, {
        operation_type: 'small',
        filename: 'clip.mp4',
      });
      expect(sha256(assembled(file.id))).toBe(sha256(other));
    }
    expect(sink.finalizeCalls).toBe(4);
  });

  it('two uploads of different bytes under one name at once, with lost answers, keep their own bytes', async () => {
    // The answers to chunk 1 are lost after it was stored: each retry meets chunk-already-exists,
    // which under the upload's own name can only be its own chunk.
    sink.fault(1, { kind: 'reset-after' }, { kind: 'reset-after' });
    const client = sinkClient(sink);
    const sources = [bytesOf(4 * CHUNK), bytesOf(4 * CHUNK)];
    const files = await Promise.all(
      sources.map((bytes) =>
        client.media.upload(bytes, {
          operation_type: 'small',
          filename: 'same.mp4',
          concurrency: 4,
        }),
      ),
    );
    files.forEach((file, index) =>
      expect(sha256(assembled(file.id))).toBe(sha256(sources[index]!)),
    );
  });
});

describe("the simulator as the deployed server (profile 'deployed': PUT chunks, matched by name)", () => {
  it('an upload cut off, then other bytes under the same name, then a resumed upload: each file whole', async () => {
    const server = await startMockServer({
      profile: 'deployed',
      operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
    });
    try {
      const client = createClient({
        baseUrl: server.url,
        token: server.simulator.users.owner.token,
        profile: 'deployed',
        retryBaseDelay: 1,
        logLevel: 'off',
      });
      const { store } = memoryUploadStore();
      const first = new File([bytesOf(5 * CHUNK) as BlobPart], 'clip.mp4', { lastModified: 1 });
      const options = { operation_type: 'small', resume: { store } };
      expect(await cutOffUpload(client, first, options, 3)).toBeInstanceOf(AbortError);

      const other = bytesOf(5 * CHUNK);
      const otherFile = await client.media.upload(other, {
        operation_type: 'small',
        filename: 'clip.mp4',
      });
      expect(sha256(server.simulator.fileBytes(otherFile.id))).toBe(sha256(other));

      const resumed = await client.media.upload(first, {
        operation_type: 'small',
        resume: { store },
      });
      const bytes = new Uint8Array(await first.arrayBuffer());
      expect(sha256(server.simulator.fileBytes(resumed.id))).toBe(sha256(bytes));
    } finally {
      await server.close();
    }
  });
});
