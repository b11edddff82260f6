// The loopback simulator for a test file whose `tiny` uploads take CHUNK bytes a chunk, so a test
// sizes its source in chunks (`bytesOf(4 * CHUNK)`).
import type { MockServer } from '../../../src/mock/index.js';
import { useMockServer } from '../../support/mock-server.js';

export const CHUNK = 100;

/** The simulator for the file's tests (read it inside a test), with the `tiny` operation type. */
export function useTinyUploadServer(): () => MockServer {
  return useMockServer({ operationTypes: { tiny: { chunk_size: CHUNK, max_chunks: null } } });
}
