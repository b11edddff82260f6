import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runBin } from './run-bin.js';

// `seatpay upload --resume-dir` whose finalize was answered 503 (no Retry-After: the service may
// have made the file), run through the bin as a child process: exit 3 and "check the service",
// then, run again, exit 1 and never a second finalize. Both said the finalize's "answer was
// lost": a 503 is an answer, one that does not say whether the file was made.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-finalize-5xx-');

describe('seatpay upload whose finalize was answered 503, run again', () => {
  it('exits 3 then 1, each time saying what to do, never that an answer was lost', async () => {
    const path = folder.in('talk.mp4');
    await writeFile(path, new Uint8Array(3000).fill(7));
    const records = folder.in('records');
    const env = {
      SEATPAY_BASE_URL: server().url,
      SEATPAY_TOKEN: server().simulator.users.owner.token,
      SEATPAY_LOG: 'off',
    };
    const argv = ['upload', path, '--resume-dir', records];
    server().simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'status',
      status: 503,
    });
    const failed = await runBin(argv, env);
    expect(failed.code, failed.stderr).toBe(3);
    expect(failed.stderr).toMatch(/check the service for the file before uploading it again/);
    expect(failed.stderr).not.toMatch(/answer was lost/);

    const again = await runBin(argv, env);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toMatch(/may already exist/);
    expect(again.stderr).toContain('without --resume-dir');
    expect(again.stderr).not.toMatch(/answer was lost/);
  });
});
