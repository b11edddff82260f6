// The md5 check where the platform has no native MD5 (browsers, Workers, Deno, Bun: the web
// platform): the upload loads seatpay's own MD5 and checks the file the simulator assembled with it,
// resumed or not. The Node platform is swapped for the web one (what those runtimes load), and
// the package is loaded afresh so the swap reaches the upload helper.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { useFreshSeatpay } from './support/fresh-seatpay.js';
import { bytesOf, cutOffUpload, memoryUploadStore, webStream } from './support/upload-kit.js';

vi.mock('../../src/platform/selected.node.ts', async () => ({
  platform: (await import('../../src/platform/web.js')).webPlatform,
}));
const loaded = vi.hoisted(() => ({ md5: 0 }));
vi.mock('../../src/helpers/upload/md5.js', async (original) => {
  const module = await original<typeof import('../../src/helpers/upload/md5.js')>();
  return {
    Md5: class extends module.Md5 {
      constructor() {
        super();
        loaded.md5++;
      }
    },
  };
});

const CHUNK = 256;
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const fresh = useFreshSeatpay(CHUNK);
const { client } = fresh;

describe('on the web platform (no native MD5)', () => {
  it("a File resumed after a cut, checked with seatpay's MD5: resolves", async () => {
    const bytes = bytesOf(10 * CHUNK - 3);
    const file = () => new File([bytes as BlobPart], 'web.png', { lastModified: 1 });
    const { store } = memoryUploadStore();
    const cut = await cutOffUpload(
      client(),
      file(),
      { operation_type: 'tiny', resume: { store } },
      4,
    );
    expect(cut).toBeInstanceOf(fresh.seatpay.AbortError);
    const before = loaded.md5;
    const done = await client().media.upload(file(), {
      operation_type: 'tiny',
      resume: { store },
      checkDigest: true,
    });
    expect(done.name).toBe(md5(bytes));
    expect(loaded.md5).toBe(before + 1);
  });

  it('a stream whose file the simulator assembled wrong: UploadDigestMismatchError', async () => {
    const bytes = bytesOf(10 * CHUNK);
    fresh.server.simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'corrupt-assembly',
      corruption: 'misplaced-chunk',
    });
    const before = loaded.md5;
    const upload = client().media.upload(
      { stream: webStream(bytes, 99), size: bytes.length },
      { operation_type: 'tiny', filename: 's.png', checkDigest: true },
    );
    await expect(upload).rejects.toBeInstanceOf(fresh.seatpay.UploadDigestMismatchError);
    await expect(upload).rejects.toMatchObject({ expectedMd5: md5(bytes) });
    expect(loaded.md5).toBe(before + 1);
  });

  it('an upload that does not check never makes an MD5', async () => {
    const before = loaded.md5;
    await client().media.upload(bytesOf(100), { operation_type: 'tiny', filename: 'n.png' });
    expect(loaded.md5).toBe(before);
  });
});
