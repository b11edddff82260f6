// A hash that falls behind the sends (a slow CPU, seatpay's own MD5 in a browser) holds the chunks
// it has not hashed yet: the upload reads at most one chunk ahead of it, whatever the concurrency,
// so the chunks held stay a bounded few, and an abort ends the reads that wait on the hash. The
// web platform (seatpay's own MD5, here one that waits on a gate before hashing) as browsers load
// it.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CountingBlob } from './support/counting-blob.js';
import { useFreshSeatpay } from './support/fresh-seatpay.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

vi.mock('../../src/platform/selected.node.ts', async () => ({
  platform: (await import('../../src/platform/web.js')).webPlatform,
}));
/** Every hash waits until the gate opens. */
const gate = vi.hoisted(() => {
  const state = { open: Promise.resolve(), release: () => {}, updates: 0, onUpdate: () => {} };
  return {
    state,
    close() {
      state.open = new Promise<void>((resolve) => (state.release = resolve));
    },
    /** Resolves at the hash update that takes the count past `count` (told by the update). */
    updatesPast(count: number): Promise<void> {
      return new Promise<void>((resolve) => {
        state.onUpdate = () => void (state.updates > count && resolve());
        state.onUpdate();
      });
    },
  };
});
vi.mock('../../src/helpers/upload/md5.js', async (original) => {
  const module = await original<typeof import('../../src/helpers/upload/md5.js')>();
  return {
    Md5: class extends module.Md5 {
      override async update(bytes: Uint8Array): Promise<void> {
        const copy = bytes.slice();
        gate.state.updates++;
        gate.state.onUpdate();
        await gate.state.open;
        super.update(copy);
      }
    },
  };
});

const CHUNK = 256;
const TOTAL = 12;
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const fresh = useFreshSeatpay(CHUNK);
const { client } = fresh;

/** A CountingBlob that says when the upload took chunk `index`'s slice: its delivery started. */
class StartsWatchedBlob extends CountingBlob {
  private readonly started = new Map<number, () => void>();
  private readonly starts = new Map<number, Promise<void>>();

  override slice(start?: number, end?: number, type?: string): Blob {
    if (start !== undefined && end !== undefined && end - start === CHUNK)
      this.start(start / CHUNK);
    return super.slice(start, end, type);
  }

  /** Resolves once chunk `index`'s delivery started. */
  startOf(index: number): Promise<void> {
    if (!this.starts.has(index)) {
      this.starts.set(index, new Promise<void>((resolve) => this.started.set(index, resolve)));
    }
    return this.starts.get(index)!;
  }

  private start(index: number): void {
    void this.startOf(index);
    this.started.get(index)!();
  }
}

/** One turn of the event loop: what a started read does before it waits on I/O has run. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a hash that falls behind the sends', () => {
  it('stops the reads one chunk ahead of it, and the upload completes once it goes on', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const count = { bytes: 0 };
    let acknowledged = 0;
    gate.close();
    const source = new StartsWatchedBlob([bytes as BlobPart], count);
    const upload = client().media.upload(source, {
      operation_type: 'tiny',
      filename: 'behind.png',
      concurrency: 2,
      checkDigest: true,
      onChunk: () => void acknowledged++,
    });
    // Ordered by events: chunks 2 and 3 start as 0 and 1 are delivered, and their reads wait.
    await Promise.all([source.startOf(2), source.startOf(3)]);
    await nextTurn();
    // The hash holds chunk 0; chunks 0 and 1 were read (0 plus 1 ahead), none after them.
    expect(count.bytes).toBe(2 * CHUNK);
    expect(acknowledged).toBe(2);
    gate.state.release();
    const file = await upload;
    expect(file.name).toBe(md5(bytes));
    expect(fresh.server.simulator.fileBytes(file.id)).toEqual(bytes);
    expect(count.bytes).toBe(bytes.length);
  });

  it('reads one chunk ahead of the hash at a concurrency of 4 too, at every read of the upload', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const base = gate.state.updates;
    let read = 0;
    /** At each read of a chunk: chunks read so far, less the chunks whose hash has started. */
    const ahead: number[] = [];
    const count = {
      get bytes() {
        return read;
      },
      set bytes(value: number) {
        read = value;
        ahead.push(read / CHUNK - (gate.state.updates - base));
      },
    };
    let acknowledged = 0;
    let twoAcknowledged!: () => void;
    const acknowledgedTwo = new Promise<void>((resolve) => (twoAcknowledged = resolve));
    gate.close();
    const source = new StartsWatchedBlob([bytes as BlobPart], count);
    const upload = client().media.upload(source, {
      operation_type: 'tiny',
      filename: 'four.png',
      concurrency: 4,
      checkDigest: true,
      onChunk: () => void (++acknowledged === 2 && twoAcknowledged()),
    });
    // Four deliveries start at once; 0 and 1 are read and acknowledged, 2 to 5 wait on the hash.
    await Promise.all([0, 1, 2, 3].map((index) => source.startOf(index)));
    await acknowledgedTwo;
    await Promise.all([source.startOf(4), source.startOf(5)]);
    await nextTurn();
    expect(count.bytes).toBe(2 * CHUNK);
    gate.state.release();
    const file = await upload;
    expect(file.name).toBe(md5(bytes));
    expect(fresh.server.simulator.fileBytes(file.id)).toEqual(bytes);
    // Every chunk read once; none read while the hash had not started the chunk before the last.
    expect(ahead).toHaveLength(TOTAL);
    expect(Math.max(...ahead)).toBeLessThanOrEqual(2);
  });

  it('an abort while reads wait on the hash rejects at once with AbortError', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    let acknowledged = 0;
    let twoAcknowledged!: () => void;
    const acknowledgedTwo = new Promise<void>((resolve) => (twoAcknowledged = resolve));
    const controller = new AbortController();
    gate.close();
    try {
      const upload = client().media.upload(new CountingBlob([bytes as BlobPart], { bytes: 0 }), {
        operation_type: 'tiny',
        filename: 'stopped.png',
        concurrency: 2,
        checkDigest: true,
        signal: controller.signal,
        onChunk: () => void (++acknowledged === 2 && twoAcknowledged()),
      });
      await acknowledgedTwo; // the upload's own second acknowledgment, not a poll with a budget
      expect(acknowledged).toBe(2);
      controller.abort();
      await expect(upload).rejects.toBeInstanceOf(fresh.seatpay.AbortError);
    } finally {
      gate.state.release();
    }
  });
});

it('an abort while a resumed upload only hashes (every chunk held) rejects at once', async () => {
  const bytes = bytesOf(TOTAL * CHUNK);
  const { store } = memoryUploadStore();
  const resume = { store, key: 'all-held' };
  const cut = new AbortController();
  let acknowledged = 0;
  // Every chunk acknowledged, then cut off before finalize.
  await expect(
    client().media.upload(new Blob([bytes as BlobPart]), {
      operation_type: 'tiny',
      filename: 'held.png',
      concurrency: 1,
      resume,
      signal: cut.signal,
      onChunk: () => void (++acknowledged === TOTAL && cut.abort()),
    }),
  ).rejects.toBeInstanceOf(fresh.seatpay.AbortError);
  const controller = new AbortController();
  gate.close();
  try {
    const before = gate.state.updates;
    const upload = client().media.upload(new Blob([bytes as BlobPart]), {
      operation_type: 'tiny',
      filename: 'held.png',
      resume,
      checkDigest: true,
      signal: controller.signal,
    });
    await gate.updatesPast(before); // the resumed upload's first hash update, waiting on the gate
    controller.abort();
    await expect(upload).rejects.toBeInstanceOf(fresh.seatpay.AbortError);
  } finally {
    gate.state.release();
  }
});
