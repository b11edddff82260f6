import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';

// newuser24: `-` is stdin for --token-file and --csv (stdin-dash.full.test.ts, piped to the real
// bin); an upload cannot read a pipe, and says so rather than that a file "-" is missing.

let server: MockServer;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 5 })));
afterAll(() => server.close());

describe('seatpay upload -', () => {
  it('says stdin cannot be uploaded, not that a file "-" is missing (exit 2)', async () => {
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: 'tok-unused', SEATPAY_LOG: 'off' };
    const ran = await runInProcess(['upload', '-'], env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toBe(
      'seatpay: - (stdin) cannot be uploaded: a pipe has no size to chunk by; save it to a file and upload that (see seatpay upload --help)\n',
    );
  });
});
