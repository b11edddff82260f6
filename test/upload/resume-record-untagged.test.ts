// A resume record written before upload names carried their key's tag (seatpay up to 479a490) is
// not adopted: the upload starts afresh under a new name. One that says its finalize was sent with
// no answer is the exception: starting afresh finalized a second copy of a file the service may
// already have made. It rejects with UploadMayExistError, as a tagged record does.
import { describe, expect, it } from 'vitest';
import { UploadMayExistError } from '../../src/index.js';
import { fileOf, resumeHarness, CHUNK } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();

/** The record's name as an older seatpay drew it: 20 random hex digits, no tag of its key. */
function untag(name: string): string {
  return name.replace(/\.([0-9a-f]{12})[0-9a-f]{8}(\.[^.]*)?$/, (_all, random, extension) => {
    return `.${random}${'0'.repeat(8)}${extension ?? ''}`;
  });
}

describe('an untagged record (an older seatpay) whose finalize answer was lost', () => {
  it('rejects with UploadMayExistError on resume: no second copy', async () => {
    const bytes = bytesOf(4 * CHUNK);
    const name = 'untagged-lost.png';
    const { store, records } = memoryUploadStore();
    h.recorder.simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'reset-after',
    });
    await expect(h.finish(fileOf(bytes, name), { resume: { store } }, name)).rejects.toMatchObject({
      name: 'ConnectionError',
    });
    expect(await h.copiesOf(name)).toBe(1);
    const [key] = [...records.keys()];
    const record = records.get(key!)!;
    expect(record).toMatchObject({ finalizeSent: true });
    const old = untag(record.uploadName);
    expect(old).not.toBe(record.uploadName);
    records.set(key!, { ...record, uploadName: old });

    const again = h.finish(fileOf(bytes, name), { resume: { store } }, name);
    await expect(again).rejects.toBeInstanceOf(UploadMayExistError);
    await expect(again).rejects.toMatchObject({ uploadName: old, resumeKey: key });
    expect(await h.copiesOf(name)).toBe(1);
    expect(h.recorder.trace(name).chunks).toHaveLength(4); // the first run's, none since
    expect(records.get(key!)).toMatchObject({ uploadName: old, finalizeSent: true });
  });
});
