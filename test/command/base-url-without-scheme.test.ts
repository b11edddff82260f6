import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.js';

// newuser21: `SEATPAY_BASE_URL=127.0.0.1:4010` (the scheme left off, as in host:port) was told
// "Invalid baseUrl: must be an absolute http(s) URL": the client's option, named neither as the
// variable nor as the flag the user set. It names the one set now, and what an address looks like.

describe('seatpay, a service address without http:// or https://', () => {
  it.each([
    [{ SEATPAY_BASE_URL: '127.0.0.1:4010' }, [], 'SEATPAY_BASE_URL'],
    [{ SEATPAY_BASE_URL: 'ftp://files.example.com' }, [], 'SEATPAY_BASE_URL'],
    [{}, ['--base-url', 'api.example.com'], '--base-url'],
  ])('%j %j names %s, exit 2', async (env, flags, named) => {
    const ran = await runInProcess(['seats', 'list', '7', ...flags], {
      SEATPAY_TOKEN: 'token-never-used',
      ...env,
    });
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(
      `seatpay: ${named} must be an address that starts with http:// or https:// (https://api.example.com, or the http://127.0.0.1:4010 seatpay-mock prints)`,
    );
  });
});
