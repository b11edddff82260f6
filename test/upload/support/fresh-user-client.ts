// A client of a new user of the simulator (its own uploads, no other test's), through `fetch`: a
// test's stand-in for a proxy or a network that loses, refuses or rewrites some requests.
import { createClient, type ClientOptions, type SeatpayClient } from '../../../src/index.js';
import type { MockServer } from '../../../src/mock/index.js';

/** With no log output, and `options` (`maxRetries`, `retryBaseDelay` ...) over those. */
export function freshUserClient(
  server: MockServer,
  fetch: typeof globalThis.fetch,
  options: Partial<ClientOptions> = {},
): SeatpayClient {
  const user = server.simulator.addUser({ email: `upload-${Math.random()}@example.com` });
  return createClient({
    baseUrl: server.url,
    token: user.token,
    fetch,
    logLevel: 'off',
    ...options,
  });
}
