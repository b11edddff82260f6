// redteam42: `pendingUploads(store)` right after a pause (the upload's promise rejected with
// AbortError) listed the record as an earlier write left it: with `fileUploadStore`, every run
// showed fewer chunks done than the upload had acknowledged, or no upload at all (the last write,
// handed off at the abort, was still on its way). A page that lists its pending uploads once the
// pause settles ("talk.mp4 is 30 % done, resume?") showed the wrong progress. The listing now
// waits for the last record write of this process's settled uploads of that store.
import { describe, expect, it } from 'vitest';
import { CHUNK, TOTAL, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf } from './support/upload-kit.js';
import { bothStores } from './support/both-stores.js';

const h = resumeHarness();

describe.each(bothStores)('pendingUploads of a %s right after a pause', (_, make) => {
  it('lists every chunk the paused upload had acknowledged', async () => {
    const { store, done } = await make();
    try {
      const client = h.client();
      for (const [run, after] of [
        [1, 3],
        [2, 6],
      ] as const) {
        const name = `paused-${run}.png`;
        await h.cutOff(fileOf(bytesOf(TOTAL * CHUNK), name), { resume: { store } }, after);
        const listed = await client.media.pendingUploads(store);
        const pending = listed.find((upload) => upload.filename === name);
        expect(pending).toMatchObject({ chunksDone: after, bytesDone: after * CHUNK });
      }
    } finally {
      await done();
    }
  });
});
