// Every kind of source `client.media.upload` takes in Node, made from the same bytes.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { UploadSource } from '../../../src/index.js';
import { fromPath } from '../../../src/node.js';
import { webStream } from './upload-kit.js';

let files = 0;

/** Makers of each kind of source; `fromPath` writes its file into `dir()`. */
export function sourceKinds(
  dir: () => string,
): Record<string, (bytes: Uint8Array) => Promise<UploadSource>> {
  return {
    Blob: async (bytes) => new Blob([bytes as BlobPart]),
    File: async (bytes) => new File([bytes as BlobPart], 'ignored.bin'),
    Uint8Array: async (bytes) => bytes,
    'Uint8Array view into a larger buffer': async (bytes) => {
      const larger = new Uint8Array(bytes.byteLength + 10);
      larger.set(bytes, 5);
      return larger.subarray(5, 5 + bytes.byteLength);
    },
    'web ReadableStream': async (bytes) => ({ stream: webStream(bytes), size: bytes.byteLength }),
    'Node Readable': async (bytes) => ({
      stream: Readable.from(splitUneven(bytes)),
      size: bytes.byteLength,
    }),
    'fromPath (seatpay/node)': async (bytes) => {
      const path = join(dir(), `file-${++files}.bin`);
      await writeFile(path, bytes);
      return fromPath(path, { type: 'application/octet-stream' });
    },
  };
}

/** Pieces of 1, 2, 3 ... bytes up to 700, so chunk boundaries fall inside pieces. */
function* splitUneven(bytes: Uint8Array): Generator<Buffer> {
  let offset = 0;
  for (let piece = 1; offset < bytes.byteLength; piece = (piece % 700) + 1) {
    yield Buffer.from(bytes.subarray(offset, offset + piece));
    offset += piece;
  }
}
