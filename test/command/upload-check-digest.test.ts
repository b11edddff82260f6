import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// redteam45: `seatpay upload` (spec profile: checkDigest off) had no way to check the file made.
// A service that assembled other bytes (a chunk misplaced) answered a success, and the command
// printed the media file and exited 0. `--check-digest` checks the file's name against its md5.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-check-digest-');

function assembledWrong(): void {
  server().simulator.faults.inject({
    route: 'POST /v2/media/me/chunk/upload',
    kind: 'corrupt-assembly',
    corruption: 'truncated-chunk',
  });
}

describe('seatpay upload --check-digest', () => {
  it('a file assembled of other bytes exits 1, saying so', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'wrong.bin');
    assembledWrong();
    const ran = await runInProcess(['upload', path, '--check-digest'], env);
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stderr).toMatch(/md5/i);
    expect(ran.stdout).not.toMatch(/media file/);
  });

  it('a file of the same bytes uploads as before', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'right.bin');
    const ran = await runInProcess(['upload', path, '--check-digest'], env);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/right\.bin: media file \d+/);
  });

  it('without it (the spec profile), the same fault goes unseen, as documented', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'unseen.bin');
    assembledWrong();
    const ran = await runInProcess(['upload', path], env);
    expect(ran.code, ran.stderr).toBe(0);
  });
});
