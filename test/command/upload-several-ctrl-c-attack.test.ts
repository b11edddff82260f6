import { describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { capturedStreams } from './support/captured-streams.js';
import { ctrlCAfterFiles, finalizeRefusedAt } from './support/stopped-at-file.js';

// redteam48: `seatpay upload a b c --resume-dir <dir>` stopped by Ctrl-C during b said "run the
// same command again to send only what is missing"; run again, it uploaded a again (its record
// was deleted once it was made): a second copy of a. The note now says which files are uploaded
// and to run it again with the others.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-several-ctrl-c-');

describe('Ctrl-C during the second file of seatpay upload a b c', () => {
  it('says a is uploaded and to run it again without it, which makes no second copy', async () => {
    const [a, b, c] = await Promise.all(
      ['a.mp4', 'bb.mp4', 'ccc.mp4'].map((name) => uploadCommandBed(server(), folder, name)),
    );
    const files = [a!.path, b!.path, c!.path];
    // Ctrl-C as b's first chunk reaches the service, once a was made.
    const signal = ctrlCAfterFiles(server(), 1);
    const { streams, stderr } = capturedStreams();
    const argv = ['upload', ...files, '--resume-dir', folder.in('records')];
    expect(await main(argv, { streams, env: a!.env, signal }), stderr()).toBe(130);
    expect(stderr()).toMatch(/upload of .*bb\.mp4 stopped by Ctrl-C/);
    expect(stderr()).not.toMatch(/run the same command again/);
    expect(stderr()).toMatch(/a\.mp4 is uploaded \(listed above\)/);
    expect(stderr()).toMatch(/run it again with .*bb\.mp4 .*ccc\.mp4 only/);
    expect(stderr()).not.toMatch(/with .*a\.mp4.* only/);
  });

  it('a failure of the second file says the same before its advice', async () => {
    const [a, b] = await Promise.all(
      ['d.mp4', 'ee.mp4'].map((name) => uploadCommandBed(server(), folder, name)),
    );
    // d is made; ee's finalize is refused outright (nothing made, its chunks kept).
    finalizeRefusedAt(server(), 2);
    const { streams, stderr } = capturedStreams();
    const argv = ['upload', a!.path, b!.path, '--resume-dir', folder.in('failed')];
    expect(await main(argv, { streams, env: a!.env }), stderr()).toBe(1);
    expect(stderr()).toMatch(
      /d\.mp4 is uploaded \(listed above\): run it again with .*ee\.mp4 only/,
    );
  });
});
