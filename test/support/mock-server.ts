// The simulator on loopback, shared by a test file's tests.
import { afterAll, beforeAll } from 'vitest';
import { startMockServer, type MockServer, type MockServerOptions } from '../../src/mock/index.js';

/**
 * The simulator on loopback for a test file (read it inside a test), started with `options`
 * before the file's tests and closed after them.
 */
export function useMockServer(options?: MockServerOptions): () => MockServer {
  let server: MockServer | undefined;
  beforeAll(async () => {
    server = await startMockServer(options);
  });
  afterAll(async () => {
    await server?.close();
    server = undefined;
  });
  return () => {
    if (!server) throw new Error('the mock server is read outside the tests');
    return server;
  };
}
