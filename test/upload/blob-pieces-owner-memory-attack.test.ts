// An upload frees (detaches) the pieces a plain Blob's own stream copies out of it: they are the
// upload's alone. A Blob that only looks plain (its prototype is Blob.prototype, it has no own
// `stream`) may still hand out memory its owner keeps: a plain Blob given its own `slice`, or a
// Proxy of a plain Blob. Such memory must never be detached, on either way a chunk is read (the
// Node sender's pieces, checkDigest's read into the chunk's buffer).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resumeHarness, CHUNK as TINY_CHUNK, TOTAL } from './support/resume-harness.js';
import { bytesOf, sha256, sinkClient } from './support/upload-kit.js';
import { useChunkSink } from './support/use-chunk-sink.js';
import type { Es2024Buffer } from './support/watch-frees.js';

afterEach(() => vi.restoreAllMocks());

/** A stream of one whole buffer the owner keeps (recorded in `handedOut`): what a freed piece is. */
function keptStream(bytes: Uint8Array, handedOut: ArrayBuffer[]): ReadableStream<Uint8Array> {
  const own = bytes.slice().buffer;
  handedOut.push(own);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(own));
      controller.close();
    },
  });
}

/** A plain Blob whose slices stream memory its owner keeps: a Proxy that answers `slice` itself. */
function proxiedBlob(bytes: Uint8Array, handedOut: ArrayBuffer[]): Blob {
  const target = new Blob([bytes as BlobPart]);
  return new Proxy(target, {
    get(blob, name) {
      if (name === 'slice')
        return (start = 0, end = blob.size) => proxiedBlob(bytes.subarray(start, end), handedOut);
      if (name === 'stream') return () => keptStream(bytes, handedOut);
      const value: unknown = Reflect.get(blob, name, blob);
      return typeof value === 'function' ? (value as () => unknown).bind(blob) : value;
    },
  });
}

/** A Blob of its own class: its slices stream memory their owner keeps. */
class KeptBlob extends Blob {
  constructor(
    private readonly kept: Uint8Array,
    private readonly handedOut: ArrayBuffer[],
  ) {
    super([kept as BlobPart]);
  }

  override slice(start = 0, end = this.size): Blob {
    return new KeptBlob(this.kept.subarray(start, end), this.handedOut);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return keptStream(this.kept, this.handedOut) as ReadableStream<Uint8Array<ArrayBuffer>>;
  }
}

/** A plain Blob given its own `slice`, whose slices stream memory their owner keeps. */
function ownSliceBlob(bytes: Uint8Array, handedOut: ArrayBuffer[]): Blob {
  const blob = new Blob([bytes as BlobPart]);
  Object.defineProperty(blob, 'slice', {
    value: (start = 0, end = blob.size) => new KeptBlob(bytes.subarray(start, end), handedOut),
  });
  return blob;
}

const attacks = [
  ['a Proxy of a plain Blob', proxiedBlob],
  ['a plain Blob with its own slice', ownSliceBlob],
] as const;

describe('in Node, an upload from a Blob that hands out memory its owner keeps', () => {
  const MiB = 1024 * 1024;
  const CHUNK = 2 * MiB;
  const sink = useChunkSink({
    operationTypes: { big: { chunk_size: CHUNK, max_chunks: null } },
  });
  const options = { operation_type: 'big', filename: 'clip.bin' };

  for (const [name, make] of attacks) {
    it(`${name}: stores the Blob's bytes and detaches none of the owner's buffers`, async () => {
      const bytes = bytesOf(2 * CHUNK + 333);
      const handedOut: ArrayBuffer[] = [];
      const file = await sinkClient(sink()).media.upload(make(bytes, handedOut), options);
      const stored = sink().files.find((one) => one.id === file.id)!.bytes;
      expect(sha256(stored)).toBe(sha256(bytes));
      for (const own of handedOut) expect((own as Es2024Buffer).detached).toBe(false);
    });
  }
});

describe('with checkDigest, an upload from a Blob that hands out memory its owner keeps', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png', checkDigest: true } as const;

  for (const [name, make] of attacks) {
    it(`${name}: stores the Blob's bytes and detaches none of the owner's buffers`, async () => {
      const bytes = bytesOf(TOTAL * TINY_CHUNK - 17);
      const handedOut: ArrayBuffer[] = [];
      const file = await h.client().media.upload(make(bytes, handedOut), options);
      expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
      for (const own of handedOut) expect((own as Es2024Buffer).detached).toBe(false);
    });
  }
});
