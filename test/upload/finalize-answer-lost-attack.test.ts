// redteam42: an upload whose finalize answer was lost (the service made the file, then the
// connection dropped; or no answer within `chunkTimeout`) rejected with the plain POST's error,
// "Connection failed for POST …/chunk/upload: other side closed": nothing said the file may now
// exist, nor that the next call with the same `resume` store refuses (UploadMayExistError).
import { describe, expect, it } from 'vitest';
import { ConnectionError, UploadMayExistError } from '../../src/index.js';
import { CHUNK, TOTAL, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();

function finalizeAnswerDrops(): void {
  h.recorder.simulator.faults.inject({
    route: 'POST /v2/media/me/chunk/upload',
    kind: 'reset-after',
    times: 1,
  });
}

describe('an upload whose finalize answer was lost', () => {
  it('says the file may exist, and that a resume refuses until its record is deleted', async () => {
    const { store, records } = memoryUploadStore();
    const bytes = bytesOf(TOTAL * CHUNK);
    const upload = () =>
      h.client().media.upload(fileOf(bytes, 'lost.png'), {
        operation_type: 'tiny',
        resume: { store, key: 'lost-answer' },
      });
    finalizeAnswerDrops();
    const error = await upload().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      mayHaveBeenProcessed: true,
      method: 'POST',
      cause: { mayHaveBeenProcessed: true, message: expect.stringMatching(/other side closed/) },
    });
    expect((error as Error).message).toMatch(
      /^The upload's finalize got no answer \(Connection failed for POST .*\), so the service may have made the file: check it for the file before uploading again; with `resume`, the next call refuses with UploadMayExistError \(nothing sent\) until its record \(key "lost-answer"\) is deleted$/,
    );
    expect(await h.copiesOf('lost.png')).toBe(1);
    // What it said of the next call holds.
    expect([...records.values()].map((record) => record.finalizeSent)).toEqual([true]);
    await expect(upload()).rejects.toBeInstanceOf(UploadMayExistError);
  });

  it('without resume, says only that the file may exist', async () => {
    finalizeAnswerDrops();
    const error = await h
      .client()
      .media.upload(bytesOf(3 * CHUNK), { operation_type: 'tiny', filename: 'plain.bin' })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      /^The upload's finalize got no answer \(.*\), so the service may have made the file: check it for the file before uploading again$/,
    );
  });
});
