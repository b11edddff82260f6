// review15a: an upload with `resume` from a Blob frees each chunk's buffer once sent (redteam36).
// A chunk that fails and is tried again (a 5xx, a dropped connection, an answer lost, an answer
// given before its body was read) must go again with its whole bytes, and a chunk whose answer was
// lost must go whole after a resume: the file the service assembles is the source's bytes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useChunkSink } from './support/use-chunk-sink.js';
import { bytesOf, memoryUploadStore, sha256, sinkClient } from './support/upload-kit.js';

const CHUNK = 64 * 1024;
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('a resumed Blob upload whose chunks fail and are tried again', () => {
  const sinkOf = useChunkSink({
    operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
  });

  for (const checkDigest of [false, true]) {
    it(`sends every attempt whole (checkDigest: ${checkDigest})`, async () => {
      const sink = sinkOf();
      const bytes = bytesOf(5 * CHUNK + 100);
      sink.fault(0, { kind: 'status', status: 503 }, { kind: 'pass' });
      sink.fault(1, { kind: 'reset-before' }, { kind: 'pass' });
      sink.fault(2, { kind: 'reset-after' }, { kind: 'pass' });
      sink.fault(3, { kind: 'status', status: 500 }, { kind: 'status', status: 502 });
      sink.answerEarly(503);
      const { store } = memoryUploadStore();
      const outcome = await sinkClient(sink)
        .media.upload(new Blob([bytes as BlobPart]), {
          operation_type: 'small',
          filename: 'a.bin',
          concurrency: 2,
          checkDigest,
          resume: { store, key: 'a' },
        })
        .catch((error: unknown) => error);
      expect(sha256(sink.files[0]!.bytes)).toBe(sha256(bytes));
      // The sink names its files by no md5: with checkDigest, the upload says which it expected.
      if (checkDigest) expect(outcome).toMatchObject({ expectedMd5: md5(bytes) });
      else expect(outcome).toMatchObject({ id: 1 });
      for (const seen of sink.chunks)
        expect(seen.size).toBe(Math.min(CHUNK, bytes.length - seen.index * CHUNK));
    });
  }

  it('sends the chunks after one whose answer was lost whole, after a resume', async () => {
    const sink = sinkOf();
    const bytes = bytesOf(4 * CHUNK);
    const blob = new Blob([bytes as BlobPart]);
    const { store } = memoryUploadStore();
    // Chunk 1 is stored, its answer lost, and not tried again: the run fails with it unrecorded.
    sink.fault(1, { kind: 'reset-after' });
    const options = {
      operation_type: 'small',
      filename: 'a.bin',
      concurrency: 1,
      checkDigest: false,
      resume: { store, key: 'a' },
    };
    const first = await sinkClient(sink)
      .media.upload(blob, { ...options, maxRetries: 0 })
      .catch((error: unknown) => error);
    expect(first).toMatchObject({ failedChunks: [1] });
    const file = await sinkClient(sink).media.upload(blob, options);
    expect(file.id).toBe(1);
    expect(sha256(sink.files[0]!.bytes)).toBe(sha256(bytes));
  });
});
