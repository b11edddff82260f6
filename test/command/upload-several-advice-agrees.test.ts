import { describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { capturedStreams } from './support/captured-streams.js';
import { ctrlCAfterFiles, finalizeRefusedAt } from './support/stopped-at-file.js';

// review19b: `seatpay upload a b` stopped or failing at b named a as uploaded only with
// --resume-dir, and the advice after that note said to run "the same command" again: a Ctrl-C
// without --resume-dir said "add --resume-dir <dir> to be able to resume" (a run again with it
// uploaded a a second time), and a finalize answered "chunks are missing" said "running the same
// command again sends b whole" right after "the same command would upload a again".

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-several-advice-');

describe('seatpay upload a b, stopped or failing at b: every line names a as made', () => {
  it('Ctrl-C during b without --resume-dir says a is uploaded and to run it with b only', async () => {
    const [a, b] = await Promise.all(
      ['f.mp4', 'gg.mp4'].map((name) => uploadCommandBed(server(), folder, name)),
    );
    const signal = ctrlCAfterFiles(server(), 1);
    const { streams, stderr } = capturedStreams();
    const argv = ['upload', a!.path, b!.path];
    expect(await main(argv, { streams, env: a!.env, signal }), stderr()).toBe(130);
    expect(stderr()).toMatch(/upload of .*gg\.mp4 stopped by Ctrl-C/);
    expect(stderr()).toMatch(
      /f\.mp4 is uploaded \(listed above\): run it again with .*gg\.mp4 only/,
    );
    expect(stderr()).toMatch(/add --resume-dir <dir> to the command with .*gg\.mp4 only/);
  });

  it('a finalize of b answered "chunks are missing" advises running it with b only', async () => {
    const [a, b] = await Promise.all(
      ['h.mp4', 'ii.mp4'].map((name) => uploadCommandBed(server(), folder, name)),
    );
    finalizeRefusedAt(server(), 2, { detail: '1/1 chunks are missing', status_code: 400 });
    const { streams, stderr } = capturedStreams();
    const argv = ['upload', a!.path, b!.path, '--resume-dir', folder.in('missing')];
    expect(await main(argv, { streams, env: a!.env }), stderr()).toBe(1);
    expect(stderr()).toMatch(
      /h\.mp4 is uploaded \(listed above\): run it again with .*ii\.mp4 only/,
    );
    expect(stderr()).toMatch(/acknowledged every chunk of .*ii\.mp4/);
    expect(stderr()).toMatch(/running the command with .*ii\.mp4 only again sends .*ii\.mp4 whole/);
    expect(stderr()).not.toMatch(/the same command again/);
  });
});
