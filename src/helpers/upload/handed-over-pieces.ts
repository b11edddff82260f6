import type { PieceReader } from './chunk-reader.js';
import { freePiece } from './free-piece.js';

/**
 * Reads a stream whose pieces are the upload's alone (its caller handed them over with
 * `transferPieces: true`, or the runtime's byte stream transferred them to its reader): each
 * piece is freed (its buffer detached) once the next is asked for, as {@link PieceReader} allows
 * (StreamReader copies a piece into its chunk before that). A default web stream or a Node
 * Readable of the caller's makes a fresh piece per read that the upload cannot know to be its own:
 * left to V8, those pieces wait for a full collection, 30 to 50 MiB of them per upload
 * (BENCHMARKS.md, issue 40); freed, they cost nothing. Only a piece that is its whole buffer is
 * freed (a view into a larger buffer may share it with other pieces).
 */
export function handedOverPieces(reader: PieceReader): PieceReader {
  let used: Uint8Array | undefined;
  return {
    next: async () => {
      if (used) freePiece(used);
      used = undefined;
      const result = await reader.next();
      if (result.value instanceof Uint8Array) used = result.value;
      return result;
    },
    cancel: () => {
      used = undefined;
      return reader.cancel();
    },
  };
}
