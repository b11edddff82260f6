// newuser18: an upload refused because an earlier call's finalize was never answered ended its
// message "If the file is not there, upload again without resume, or delete its resume record
// first", naming neither the record nor how to delete it: a page whose store is localStorage has
// no file to delete. It now names the call and the record's key, which does what it says: with
// the record deleted so, the same upload goes through.
import { expect, it } from 'vitest';
import { UploadMayExistError } from '../../src/index.js';
import { CHUNK, TOTAL, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();

it.each([
  ['a key of its own', 'talk-2026'],
  ['the key an upload picks', undefined],
])(
  'with %s: the refusal names discardUpload and the key, and doing so lets the upload go',
  async (_, key) => {
    const { store } = memoryUploadStore();
    const bytes = bytesOf(TOTAL * CHUNK);
    const upload = () =>
      h.client().media.upload(fileOf(bytes, 'talk.png'), {
        operation_type: 'tiny',
        resume: { store, key },
      });
    h.recorder.simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'reset-after',
      times: 1,
    });
    await upload().catch(() => undefined); // the finalize answer lost: the file was made
    const refused = await upload().catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(UploadMayExistError);
    const { resumeKey } = refused as UploadMayExistError;
    if (key !== undefined) expect(resumeKey).toBe(key);
    expect((refused as Error).message).toMatch(
      /^The upload ".*" was finalized by an earlier call .*, or delete its resume record first \(`client\.media\.discardUpload\(store, ".+"\)`\)$/,
    );
    // As told, with the key as told.
    const told = /discardUpload\(store, ("[^`]+")\)`\)$/.exec((refused as Error).message)![1]!;
    await h.client().media.discardUpload(store, JSON.parse(told) as string);
    await expect(upload()).resolves.toMatchObject({ status: expect.any(String) });
    expect(await h.copiesOf('talk.png')).toBe(2);
  },
);
