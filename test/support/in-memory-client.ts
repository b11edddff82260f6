import { createClient, type ClientOptions, type SeatpayClient } from '../../src/index.js';
import type { Simulator } from '../../src/mock/index.js';

/**
 * A client of `simulator` in this process, with no socket: every request goes to
 * `simulator.handle`. No retries and no log lines unless `options` says otherwise.
 */
export function inMemoryClient(
  simulator: Simulator,
  token: string,
  options: Partial<ClientOptions> = {},
): SeatpayClient {
  return createClient({
    baseUrl: 'http://simulator.test',
    token,
    maxRetries: 0,
    logLevel: 'off',
    fetch: (input, init) => simulator.handle(new Request(input, init)),
    ...options,
  });
}
