import type { ChunkRange } from './chunk-plan.js';
import type { FillingChunk } from './filling-chunk.js';

/** Reads the bytes of one chunk at a time. */
export interface ChunkReader {
  readonly size: number;
  /** Ranges must be read in order, each once (a stream); else any range, any time. */
  readonly sequential: boolean;
  /** The bytes of `range`. Blobs and arrays answer any range; a stream answers ranges in order. */
  read(range: ChunkRange): Promise<Blob | Uint8Array>;
  /**
   * A sequential reader's chunk while it is being read, once its reading starts: a sender that
   * streams the part from its range reader sends each piece as it arrives.
   */
  stream?(range: ChunkRange): Promise<FillingChunk>;
  /** A sequential reader fails a read the source leaves without a piece or an end for `ms`. */
  stallAfter?(ms: number): void;
  /** A sequential reader holds at most `chunks` chunks at once (each waits for a release). */
  holdAtMost?(chunks: number): void;
  /**
   * The upload is done with a chunk `read` gave (acknowledged, or failed for good): a stream's
   * buffer is filled again for a later chunk.
   */
  release?(chunk: Blob | Uint8Array): void;
  /**
   * A sequential reader hands `consumer` every byte of the source once, in order, as it reads
   * them (the whole file's digest, without a second read).
   */
  observe?(consumer: (bytes: Uint8Array) => void | Promise<void>): void;
  /** Stops reading: a stream is cancelled, so that no read stays pending. */
  close(): Promise<void>;
}

// The piece reader is a platform port's answer too (ownedPieces): it is declared there.
export type { PieceReader } from '../../platform/platform.js';
