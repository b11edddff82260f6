// The md5 of an upload's source on a thread of its own (started by src/node/md5-thread.ts), so
// that OpenSSL's 2.4 to 2.6 CPU s/GiB are not paid on the thread that feeds the sockets. Jobs come
// in chunk order and are done in that order, synchronously (nothing else runs on this thread):
// bytes copied into a buffer handed over (returned once hashed, to be filled again), or a range of
// a `fromPath` file, which this thread reads itself: no byte of a file crosses threads.
//
// Built as dist/md5-worker.js (tsup.config.ts); run from the sources by Node's type stripping, so
// it imports nothing but Node built-ins and uses only erasable TypeScript.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { Md5Answer, Md5Job } from './md5-messages.js';

/** Bytes read from a file at once, into one buffer reused for every read. */
const READ_BYTES = 4 * 1024 * 1024;

const port = parentPort!;
const hash = createHash('md5');
let readBuffer: Buffer | undefined;
/** After a failure, later jobs are not hashed: the digest could only be wrong. */
let failed = false;

port.on('message', (job: Md5Job) => {
  if (failed) return;
  try {
    answer(job);
  } catch (error) {
    failed = true;
    const message = error instanceof Error ? error.message : String(error);
    post({ kind: 'failed', message });
  }
});

function answer(job: Md5Job): void {
  if (job.kind === 'bytes') {
    hash.update(new Uint8Array(job.buffer, 0, job.length));
    // The buffer goes back to be filled again: no fresh allocation per piece.
    port.postMessage({ kind: 'returned', buffer: job.buffer } satisfies Md5Answer, [job.buffer]);
  } else if (job.kind === 'file') {
    hashFile(job.range);
    post({ kind: 'done' });
  } else {
    post({ kind: 'digest', hex: hash.digest('hex') });
  }
}

/** Reads `[start, end)` of the file and hashes it, as fromPath's own reader would read it. */
function hashFile(range: Extract<Md5Job, { kind: 'file' }>['range']): void {
  const { path, start, end, size, mtimeMs } = range;
  const fd = openSync(path, 'r');
  try {
    const now = fstatSync(fd);
    if (now.size !== size || now.mtimeMs !== mtimeMs) {
      throw new Error(`${path} changed after fromPath opened it`);
    }
    readBuffer ??= Buffer.allocUnsafeSlow(READ_BYTES);
    for (let at = start; at < end;) {
      const want = Math.min(readBuffer.byteLength, end - at);
      const read = readSync(fd, readBuffer, 0, want, at);
      if (read === 0) throw new Error(`${path} ended before byte ${end}`);
      hash.update(readBuffer.subarray(0, read));
      at += read;
    }
  } finally {
    closeSync(fd);
  }
}

function post(message: Md5Answer): void {
  port.postMessage(message);
}
