import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// redteam42: a finalize answered 5xx whose body is a file record took any record for the file
// made: a proxy's cached answer, or a server that failed after making ANOTHER upload's file (its
// name another md5), had `seatpay upload` say the file "was probably made as media file 99", and
// the operator checked (and used) a file that is not theirs. A record is this file's only when it
// is named by this file's md5; one named by another md5 says nothing of this file.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-finalize-5xx-other-');

const otherFile = (name: string) => ({
  id: 99,
  academy: null,
  mime: 'video/mp4',
  name,
  operation_type: 'media',
  status: 'CREATED',
});

function finalizeAnswers500(body: unknown): void {
  server().simulator.faults.inject({
    route: 'POST /v2/media/me/chunk/upload',
    kind: 'status',
    status: 500,
    body,
    times: 1,
  });
}

describe("seatpay upload whose finalize was answered 500 with a file's record", () => {
  it("another file's record (another md5) is not this file's", async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'other.mp4');
    finalizeAnswers500(otherFile('0123456789abcdef0123456789abcdef'));
    const answered = await runInProcess(['upload', path], env);
    expect(answered.code, answered.stderr).toBe(3);
    expect(answered.stderr).not.toMatch(/probably made/);
    expect(answered.stderr).toMatch(
      /other\.mp4 may or may not exist on the service \(it answered 500 at finalize with the record of another file, media file 99 named 0123456789abcdef0123456789abcdef, not this file's md5 [0-9a-f]{32}\): check the service for the file before uploading it again/,
    );
  });

  it("a record named by this file's md5 still says it was probably made", async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'same.mp4');
    const md5 = createHash('md5')
      .update(await readFile(path))
      .digest('hex');
    finalizeAnswers500(otherFile(md5.toUpperCase()));
    const answered = await runInProcess(['upload', path], env);
    expect(answered.code, answered.stderr).toBe(3);
    expect(answered.stderr).toMatch(/same\.mp4 was probably made as media file 99/);
  });
});
