import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { finalizeAnswers503, uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// newuser17: `seatpay upload --help` listed exit codes 0, 1, 2 and 130, while an upload whose
// finalize was answered 5xx (or not at all) exits 3: a script reading the help took 3 for unknown.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-upload-help-');

describe('seatpay upload --help', () => {
  it('names the exit code an upload whose finalize may have landed ends with, and what to do', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'talk.mp4');
    finalizeAnswers503(server());
    const answered = await runInProcess(['upload', path], env);
    expect(answered.code, answered.stderr).toBe(3);

    const help = await runInProcess(['upload', '--help']);
    const exitCodes = help.stdout.slice(help.stdout.indexOf('Exit codes:')).replace(/\s+/g, ' ');
    expect(exitCodes).toMatch(
      /\b3 the file may exist \(its finalize was answered 5xx or not at all\): check the service for it before uploading it again\b/,
    );
  });
});
