// The md5 an upload checks the service's file against, computed on a worker thread: hashing 1 GiB
// costs a core about two seconds, which on the upload's own thread would slow the upload itself.
// The bytes are copied to the worker (a memcpy, a small part of hashing them) in bounded pieces,
// and a feeder waits while too many are queued, so memory stays bounded whatever the file size.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { IncrementalDigest } from '../platform/platform.js';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hash = createHash('md5');
parentPort.on('message', (piece) => {
  if (piece === null) return parentPort.postMessage(hash.digest('hex'));
  hash.update(piece);
  parentPort.postMessage(piece.byteLength);
});
`;

/** Bytes per message to the worker. */
const PIECE_BYTES = 4 * 1024 * 1024;
/** Bytes queued for the worker past which a feeder waits. */
const QUEUED_BYTES = 12 * 1024 * 1024;

/** An md5 on a worker thread; in the caller's thread where no worker can be started. */
export function md5(): IncrementalDigest {
  try {
    return new WorkerMd5(new Worker(WORKER_SOURCE, { eval: true }));
  } catch {
    const hash = createHash('md5');
    return { update: (bytes) => void hash.update(bytes), digest: () => hash.digest('hex') };
  }
}

class WorkerMd5 implements IncrementalDigest {
  private queued = 0;
  private failure: Error | undefined;
  private drained: (() => void) | undefined;
  private result: { resolve: (hex: string) => void; reject: (error: Error) => void } | undefined;

  constructor(private readonly worker: Worker) {
    // Not unref'd: an upload awaiting its digest must keep the process alive. Every upload closes
    // it when it settles.
    worker.on('message', (message: number | string) => {
      if (typeof message === 'string') return this.result?.resolve(message);
      this.queued -= message;
      if (this.queued <= QUEUED_BYTES) this.wake();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('the md5 worker stopped')));
  }

  async update(bytes: Uint8Array): Promise<void> {
    for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES) {
      if (this.failure) throw this.failure;
      // A copy of our own, transferred: the caller's memory is never detached (a Node Buffer's
      // \`slice\` is a view, not a copy) and may be filled again as soon as this returns.
      const piece = new Uint8Array(Math.min(PIECE_BYTES, bytes.byteLength - at));
      piece.set(bytes.subarray(at, at + piece.byteLength));
      this.queued += piece.byteLength;
      this.worker.postMessage(piece, [piece.buffer]);
      if (this.queued > QUEUED_BYTES)
        await new Promise<void>((resolve) => (this.drained = resolve));
    }
    if (this.failure) throw this.failure;
  }

  digest(): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    const hex = new Promise<string>((resolve, reject) => (this.result = { resolve, reject }));
    this.worker.postMessage(null);
    return hex.finally(() => this.close());
  }

  close(): void {
    this.result = undefined;
    void this.worker.terminate();
  }

  private wake(): void {
    const drained = this.drained;
    this.drained = undefined;
    drained?.();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wake();
    this.result?.reject(this.failure);
  }
}
