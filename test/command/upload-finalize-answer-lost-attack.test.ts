import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// redteam42: the SDK now tells a lost finalize answer in its own words ("with `resume`, the next
// call refuses with UploadMayExistError ..."): `seatpay upload` has no `resume`, and says what
// happened in its own words (the POST's error), then what to do, on one line.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-finalize-answer-lost-');

describe('seatpay upload whose finalize answer was lost', () => {
  it("says the connection failed and to check the service, never the SDK's resume words", async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'lost.mp4');
    server().simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'reset-after',
      times: 1,
    });
    const lost = await runInProcess(['upload', path, '--resume-dir', folder.in('records')], env);
    expect(lost.code, lost.stderr).toBe(3);
    const said = lost.stderr.trim().split('\n').at(-1)!;
    expect(said).toMatch(
      /^seatpay: Connection failed for POST .*; .*lost\.mp4 may have been finalized all the same \(its answer was lost\): check the service for the file before uploading it again; the same command \(with --resume-dir\) never finalizes it twice$/,
    );
    expect(lost.stderr).not.toMatch(/UploadMayExistError|`resume`|resume record/);
  });
});
