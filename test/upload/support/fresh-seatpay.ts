// seatpay loaded afresh for a file whose vi.mock calls swap a module it loads (the platform, the
// MD5): the fast suite's preload loaded it before them, so the file's tests use this copy. With
// a loopback simulator whose `tiny` uploads take `chunk` bytes a chunk.
import { afterAll, beforeAll, vi } from 'vitest';
import { startMockServer, type MockServer } from '../../../src/mock/index.js';

type Seatpay = typeof import('../../../src/index.js');

export interface FreshSeatpay {
  /** seatpay as loaded after the file's mocks (read inside a test). */
  readonly seatpay: Seatpay;
  readonly server: MockServer;
  /** A client of the simulator's owner, from that seatpay. */
  client(): ReturnType<Seatpay['createClient']>;
}

export function useFreshSeatpay(chunk: number): FreshSeatpay {
  let seatpay: Seatpay | undefined;
  let server: MockServer | undefined;
  beforeAll(async () => {
    vi.resetModules();
    seatpay = await import('../../../src/index.js');
    server = await startMockServer({
      operationTypes: { tiny: { chunk_size: chunk, max_chunks: null } },
    });
  });
  afterAll(() => server?.close());
  const loaded = () => {
    if (!seatpay || !server) throw new Error('seatpay is read before beforeAll loaded it');
    return { seatpay, server };
  };
  return {
    get seatpay() {
      return loaded().seatpay;
    },
    get server() {
      return loaded().server;
    },
    client: () =>
      loaded().seatpay.createClient({
        baseUrl: loaded().server.url,
        token: loaded().server.simulator.users.owner.token,
        retryBaseDelay: 1,
        logLevel: 'off',
      }),
  };
}
