import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runBin } from './run-bin.js';

// review18b: `seatpay upload <(curl ...)` or a named pipe: the pipe stats as 0 bytes, so the bin
// uploaded an empty media file and exited 0 ("media file 1"), the pipe never read. It now exits
// 2 naming the pipe, before anything is sent.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-pipe-source-');

describe('seatpay upload of a named pipe (the bin)', () => {
  it('exits 2 naming it, nothing uploaded', async () => {
    const { env } = await uploadCommandBed(server(), folder, 'talk.mp4');
    const pipe = folder.in('live.mp4');
    execFileSync('mkfifo', [pipe]);
    const ran = await runBin(['upload', pipe], env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toMatch(
      /live\.mp4 is not a regular file \(a pipe, a device, a directory\): save it to a file and upload that/,
    );
    expect(ran.stdout).not.toMatch(/media file/);
  });
});
