// What the upload's thread and its md5 worker (md5-worker.ts) say to each other, in order.
import type { FileRange } from '../platform/platform.js';

/** Sent to the worker: hash these bytes, this range of a file, or answer the digest. */
export type Md5Job =
  | { kind: 'bytes'; buffer: ArrayBuffer; length: number }
  | { kind: 'file'; range: FileRange }
  | { kind: 'digest' };

/** Sent back: a buffer hashed (to fill again), a file range hashed, the digest, or a failure. */
export type Md5Answer =
  | { kind: 'returned'; buffer: ArrayBuffer }
  | { kind: 'done' }
  | { kind: 'digest'; hex: string }
  | { kind: 'failed'; message: string };
