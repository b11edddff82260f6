// A client whose every request fails (503, no retry) and is counted: the refusal tests check that
// nothing reached the wire.
import { createClient, type SeatpayClient } from '../../src/index.js';

/** A client of `token` at `http://service.test`, and how many requests it sent. */
export function countingClient(token: string): { client: SeatpayClient; sent: () => number } {
  let sent = 0;
  const client = createClient({
    baseUrl: 'http://service.test',
    token,
    maxRetries: 0,
    logLevel: 'off',
    fetch: () => {
      sent++;
      return Promise.resolve(Response.json({}, { status: 503 }));
    },
  });
  return { client, sent: () => sent };
}
