import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serveCommand, type Serving } from './command-support.js';

// newuser21: seatpay-mock's banner printed its `.env` as one line, "SEATPAY_BASE_URL=http://...
// SEATPAY_TOKEN=...". Copied into a .env (docs/simulator.md shows one variable a line) and read by
// `node --env-file` or dotenv, that is one base URL holding the token's text, and no token:
// createClient() failed "Invalid baseUrl". The banner's .env is one variable a line now.

let server: Serving | undefined;
afterAll(async () => {
  await server?.stop();
});

describe("seatpay-mock's banner, its .env copied as printed", () => {
  it('reads as the base URL and the owner token, each whole', async () => {
    server = await serveCommand(['--port', '0', '--owner-token', 'dev-owner-token']);
    const banner = server.banner;
    // What a user selects: from the first variable to the line before "Press Ctrl+C".
    const copied = banner.slice(
      banner.indexOf('SEATPAY_BASE_URL='),
      banner.indexOf('Press Ctrl+C'),
    );
    expect(parseEnv(copied)).toEqual({
      SEATPAY_BASE_URL: server.url,
      SEATPAY_TOKEN: 'dev-owner-token',
    });
  });
});
