import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { finalizeAnswers503, uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// `seatpay upload --resume-dir` killed (or cut off) while its finalize was in flight: the run
// again is refused (the file may exist; finalizing again could make a second copy), and said to
// "upload again without resume, or delete its resume record first", the SDK's words: the command
// has no `resume` and names no record, so the operator was not told what to type.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-lost-finalize-');

describe('seatpay upload run again after its finalize answer was lost', () => {
  it('says to check the service, then run without --resume-dir or clear the record', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'talk.mp4');
    const records = folder.in('records');
    const argv = ['upload', path, '--resume-dir', records];
    server().simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'reset-after',
    });
    const lost = await runInProcess(argv, env);
    expect(lost.code, lost.stderr).toBe(3);
    expect(lost.stderr).toMatch(/check the service for the file before uploading it again/);

    const again = await runInProcess(argv, env);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toMatch(/may already exist/);
    expect(again.stderr).toContain(`without --resume-dir`);
    expect(again.stderr).toContain(records);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    // Only the command's words (redteam30): the SDK's advice ("upload again without resume, or
    // delete its resume record first") was still said before them, naming what it has no flag for.
    expect(again.stderr).not.toMatch(/without resume\b|resume record/);
    expect(again.stderr).toMatch(/talk\.[0-9a-f]{20}\.mp4/); // the name it was finalized under

    // As said: without --resume-dir, a new upload is sent whole and finalized.
    const whole = await runInProcess(['upload', path, '--json'], env);
    expect(whole.code, whole.stderr).toBe(0);
  });

  it('a finalize answered 503 is told as an answer that does not say whether the file was made', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'intro.mp4');
    const records = folder.in('answered');
    for (const argv of [
      ['upload', path, '--resume-dir', records],
      ['upload', path],
    ]) {
      finalizeAnswers503(server(), Infinity);
      const answered = await runInProcess(argv, env);
      expect(answered.code, answered.stderr).toBe(3);
      // A 503 is an answer, not a lost one: it does not say whether the service made the file.
      expect(answered.stderr).not.toMatch(/answer was lost/);
      expect(answered.stderr).toMatch(/answered 503 at finalize/);
      expect(answered.stderr).toMatch(/may or may not exist/);
      expect(answered.stderr).toMatch(/check the service for the file before uploading it again/);
    }
    server().simulator.faults.clear();
    // Run again with its record: refused (never a second finalize), told what to type, and still
    // never that an answer was lost (the bin's exit codes: upload-finalize-5xx-bin.full.test.ts).
    const again = await runInProcess(['upload', path, '--resume-dir', records], env);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toMatch(/may already exist/);
    expect(again.stderr).toContain('without --resume-dir');
    expect(again.stderr).not.toMatch(/answer was lost/);
  });
});
