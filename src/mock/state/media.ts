/** The simulator's media state: its operation types, and how it files chunks. */

export interface OperationTypeSettings {
  chunk_size: number;
  max_chunks: number | null;
  /** Whether a finalized file is processed (TRANSFERRING, then CREATED) or CREATED at once. */
  processed: boolean;
  /** Where the deployed server takes it: on `/me/` only, or on `/academy/` only (else both). */
  scope?: 'me' | 'academy';
}

/**
 * An operation type of the simulator: the settings it answers, and whether its finalized files are
 * processed (TRANSFERRING, then CREATED) or CREATED at once.
 *
 * @example
 * ```ts
 * const simulator = createSimulator({
 *   operationTypes: { tiny: { chunk_size: 256, max_chunks: null } },
 * });
 * ```
 * @category Simulator
 */
export interface MockOperationType {
  /** The most bytes one chunk may hold. */
  chunk_size: number;
  /** When not null, a file's chunk count must be less than this. */
  max_chunks: number | null;
  /** Whether a finalized file is TRANSFERRING for a while before CREATED. Default false. */
  processed?: boolean;
}

/** `test-small` is the simulator's own: tiny chunks and a bound, so tests need only a few bytes. */
const BUILT_IN: Record<string, OperationTypeSettings> = {
  media: { chunk_size: 10_485_760, max_chunks: null, processed: true, scope: 'academy' },
  'proof-of-payment': {
    chunk_size: 10_485_760,
    max_chunks: null,
    processed: false,
    scope: 'academy',
  },
  'profile-picture': { chunk_size: 10_485_760, max_chunks: 25, processed: true, scope: 'me' },
  'test-small': { chunk_size: 1024, max_chunks: 8, processed: false },
};

/** The built-in operation types with `given` added or replacing them; a bad one is a TypeError. */
export function operationTypesOf(
  given: Record<string, MockOperationType> = {},
): Record<string, OperationTypeSettings> {
  const types = { ...BUILT_IN };
  for (const [name, type] of Object.entries(given)) {
    const { chunk_size, max_chunks } = type ?? {};
    const wholeAbove = (value: unknown, min: number) =>
      typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
    if (
      name === '' ||
      !wholeAbove(chunk_size, 1) ||
      !(max_chunks === null || wholeAbove(max_chunks, 1))
    ) {
      throw new TypeError(
        `simulator: operation type "${name}" needs an integer chunk_size >= 1 and max_chunks null or an integer >= 1`,
      );
    }
    types[name] = { chunk_size, max_chunks, processed: type.processed === true };
  }
  return types;
}

/**
 * Which upload a chunk belongs to. The name (the chunk's `filename` field, else its part's file
 * name) is part of it, as on the deployed server, which assembles the chunks whose name equals
 * finalize's `filename`: leftovers of another upload are never taken for this one's.
 */
export const chunkKey = (
  userId: number,
  academy: number | null,
  operationType: string,
  totalChunks: number,
  index: number,
  name: string,
) => JSON.stringify([userId, academy, operationType, totalChunks, index, name]);
