export interface ChunkRecord {
  userId: number;
  academy: number | null;
  operationType: string;
  totalChunks: number;
  index: number;
  name: string;
  mime: string;
  bytes: Uint8Array;
}

/**
 * Where a simulator keeps uploaded chunks that are not finalized yet. Give the same store to the
 * simulator of a restarted server and the chunks are still there, as on the real service, so a
 * resumed upload can be tested across a restart. Chunks are matched on the user's id, which a
 * new simulator gives out in the same order (the owner is always 1).
 *
 * @example
 * ```ts
 * const chunks = createChunkStore();
 * let server = await startMockServer({ chunkStore: chunks, random: seededRandom(7) });
 * // ... an upload is cut off; the server restarts ...
 * await server.close();
 * server = await startMockServer({ chunkStore: chunks, random: seededRandom(7) });
 * console.log(chunks.size); // the chunks sent before the restart
 * ```
 * @category Simulator
 */
export interface MockChunkStore {
  /** How many chunks it holds. */
  readonly size: number;
  /**
   * Forgets every chunk.
   *
   * @example
   * ```ts
   * chunkStore.clear(); // as if the service had dropped its unfinished uploads
   * ```
   */
  clear(): void;
}

/** The chunk store's real shape: chunks by `chunkKey()`. */
export class ChunkStore extends Map<string, ChunkRecord> implements MockChunkStore {}

/**
 * A chunk store to share between simulators (see {@link MockChunkStore}).
 *
 * @example
 * ```ts
 * const chunkStore = createChunkStore();
 * const first = createSimulator({ chunkStore });
 * const second = createSimulator({ chunkStore }); // sees the chunks uploaded to the first
 * ```
 * @category Simulator
 */
export function createChunkStore(): MockChunkStore {
  return new ChunkStore();
}

/** The store given to a simulator, which must be one {@link createChunkStore} made. */
export function chunkStoreOf(given: MockChunkStore | undefined): ChunkStore {
  if (given === undefined) return new ChunkStore();
  if (given instanceof ChunkStore) return given;
  throw new TypeError('simulator: chunkStore must come from createChunkStore()');
}
