// A source whose reads fail with a value that is not a plain Error (a Blob of the caller's own
// making, a library that throws what it likes): an Error whose `message` getter throws, a
// null-prototype object, a plain object. The upload must reject with UploadSourceError (the source
// could not be read: nothing finalized, nothing retried), as it does for an Error, and leave no
// rejection unhandled in the user's process (Node ends a process on one by default).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadSourceError } from '../../src/index.js';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { CountingBlob } from './support/counting-blob.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();

/** An Error whose `message` cannot be read. */
function unreadableMessage(): Error {
  const error = new Error('x');
  Object.defineProperty(error, 'message', {
    get() {
      throw new Error('the message getter threw');
    },
  });
  return error;
}

const thrown: Array<[string, () => unknown]> = [
  ['an Error whose message getter throws', unreadableMessage],
  ['a null-prototype object', () => Object.create(null) as unknown],
  ['a plain object', () => ({ code: 'EIO' })],
];

/** A Blob whose reads (its slices' too) throw `fail()` once `reads.left` have been made. */
class FailingBlob extends Blob {
  constructor(
    parts: BlobPart[],
    private readonly reads: { left: number; fail: () => unknown },
  ) {
    super(parts);
  }

  override slice(start?: number, end?: number): Blob {
    return new FailingBlob([super.slice(start, end)], this.reads);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    if (this.reads.left-- <= 0) throw this.reads.fail();
    return super.stream();
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    if (this.reads.left-- <= 0) throw this.reads.fail();
    return super.arrayBuffer();
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.reads.left-- <= 0) throw this.reads.fail();
    return super.bytes();
  }
}

const unhandled: unknown[] = [];
const keep = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', keep);
});
afterEach(() => void process.off('unhandledRejection', keep));

/** Turns of the event loop, for a rejection left unhandled to be reported. */
const turns = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((go) => setImmediate(go));
};

describe('a Blob whose reads throw an odd value', () => {
  for (const [what, fail] of thrown) {
    for (const checkDigest of [false, true]) {
      it(`(${what}) rejects with UploadSourceError${checkDigest ? ', with checkDigest' : ''}`, async () => {
        const source = new FailingBlob([bytesOf(TOTAL * CHUNK) as BlobPart], { left: 0, fail });
        const upload = h.client().media.upload(source, {
          operation_type: 'tiny',
          filename: 'odd.bin',
          checkDigest,
        });
        await expect(upload).rejects.toBeInstanceOf(UploadSourceError);
        await turns();
        expect(unhandled).toEqual([]);
        expect(h.recorder.trace('odd.bin').finalizes).toEqual([]);
      });
    }
  }
});

describe('a resumed Blob whose read for its digests throws an odd value', () => {
  for (const [what, fail] of thrown) {
    for (const [read, left] of [
      ["for its chunks' check", 0],
      ['for its md5', TOTAL],
    ] as const) {
      it(`(${what}, ${read}) rejects with UploadSourceError`, async () => {
        const bytes = bytesOf(TOTAL * CHUNK);
        const { store } = memoryUploadStore();
        const resume = { store, key: 'odd' };
        // Every chunk acknowledged, then cut off before finalize: the resume only reads and hashes.
        await h.cutOff(
          new CountingBlob([bytes as BlobPart], { bytes: 0 }),
          { filename: 'odd.bin', resume },
          TOTAL,
        );
        const upload = h
          .client()
          .media.upload(new FailingBlob([bytes as BlobPart], { left, fail }), {
            operation_type: 'tiny',
            filename: 'odd.bin',
            resume,
            checkDigest: true,
          });
        await expect(upload).rejects.toBeInstanceOf(UploadSourceError);
        await expect(upload).rejects.toThrow(/could not be read for its (digest|md5)/);
        await turns();
        expect(unhandled).toEqual([]);
        expect(h.recorder.trace('odd.bin').finalizes).toEqual([]);
      });
    }
  }
});

describe('a Blob whose reads throw an object named SourceReadError, the token in its message', () => {
  it("rejects with UploadSourceError (a source failure, not a chunk upload's), its message not shown", async () => {
    const token = h.recorder.simulator.users.owner.token;
    const fail = () => ({ name: 'SourceReadError', message: `read failed for ${token}` });
    const source = new FailingBlob([bytesOf(TOTAL * CHUNK) as BlobPart], { left: 1, fail });
    const error: unknown = await h
      .client()
      .media.upload(source, { operation_type: 'tiny', filename: 'named.bin', concurrency: 1 })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(UploadSourceError);
    expect(String((error as Error).message)).not.toContain(token);
    expect(h.recorder.trace('named.bin').chunks).toHaveLength(1); // the one read that worked
    expect(h.recorder.trace('named.bin').finalizes).toEqual([]);
    await turns();
    expect(unhandled).toEqual([]);
  });
});
