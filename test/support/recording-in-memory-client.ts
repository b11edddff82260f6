import type { ClientOptions, SeatpayClient } from '../../src/index.js';
import type { Simulator } from '../../src/mock/index.js';
import { inMemoryClient } from './in-memory-client.js';

/**
 * An {@link inMemoryClient} of `simulator` that records each request it sends, as
 * "METHOD /path" in `sent` (in the order sent): what a refused call must leave empty.
 */
export function recordingInMemoryClient(
  simulator: Simulator,
  token: string,
  options: Partial<ClientOptions> = {},
): { client: SeatpayClient; sent: string[] } {
  const sent: string[] = [];
  const client = inMemoryClient(simulator, token, {
    ...options,
    fetch: (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return simulator.handle(request);
    },
  });
  return { client, sent };
}
