import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { finalizeAnswers503, uploadCommandBed } from '../support/upload-command-bed.js';
import { runBin } from './run-bin.js';

// `seatpay upload --resume-dir` whose finalize was answered 503 (no Retry-After: the service may
// have made the file), run through the bin as a child process: the process exits 3 then, run
// again, 1, its advice on stderr. What the advice says (never that an answer was lost) is checked
// in process, in upload-lost-finalize.test.ts.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-finalize-5xx-');

describe('seatpay upload whose finalize was answered 503, run again (the bin)', () => {
  it('exits 3 then 1, each time with its advice on stderr', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'talk.mp4');
    const argv = ['upload', path, '--resume-dir', folder.in('records')];
    finalizeAnswers503(server());
    const failed = await runBin(argv, env);
    expect(failed.code, failed.stderr).toBe(3);
    expect(failed.stderr).toMatch(/check the service for the file before uploading it again/);

    const again = await runBin(argv, env);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toMatch(/may already exist/);
  });
});
