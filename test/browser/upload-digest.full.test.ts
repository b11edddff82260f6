import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startMockServer } from '../../src/mock/index.js';
// Types only: the page runs the bundle of dist/index.js, built from this source.
import type * as Seatpay from '../../src/index.js';
import { useSplitPageBrowser } from './support/split-page-browser.js';

// The whole-file check in a real Chromium (issue 40): a page built as users build one with code
// splitting (esbuild --splitting over dist/, as lazy-chunks.full.test.ts does), uploading a Blob
// of several chunks to the simulator on another loopback origin with the deployed profile, where
// the service names the file by the md5 of what it assembled. Chromium has no native MD5 for the
// SDK: the digest is seatpay's own, in a chunk of its own the page fetches only for an upload
// that checks.

const DIST_INDEX = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const PAGE = `
import { createClient, UploadDigestMismatchError } from ${JSON.stringify(DIST_INDEX)};
window.seatpay = { createClient, UploadDigestMismatchError };
`;
/** The chunk of seatpay's MD5 (src/helpers/upload/md5.ts) as the page's bundler names it. */
const MD5_CHUNK = /^\/md5-[\w-]+\.js$/;
const CHUNK = 512 * 1024;
/** Several chunks, the last one short. */
const SIZE = 3 * 1024 * 1024 + 777;
const TOTAL_CHUNKS = Math.ceil(SIZE / CHUNK);
/** The deployed server takes chunks and finalize by PUT. */
const FINALIZE = 'PUT /v2/media/me/chunk/upload';

type PageExports = Pick<typeof Seatpay, 'createClient' | 'UploadDigestMismatchError'>;

const bed = useSplitPageBrowser(PAGE, {
  // The test is only worth something if the MD5 is a chunk the page may leave unloaded.
  checkPage: (pageServer) =>
    expect([...pageServer.files.keys()].filter((path) => MD5_CHUNK.test(path))).toHaveLength(1),
  startService: () =>
    startMockServer({
      profile: 'deployed',
      operationTypes: { browser: { chunk_size: CHUNK, max_chunks: null } },
    }),
  // `METHOD /path`, no preflights.
  seen: (request) =>
    request.method() === 'OPTIONS'
      ? undefined
      : `${request.method()} ${new URL(request.url()).pathname}`,
});
const { toTheService } = bed;

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
/** The bytes the page uploads: made the same way in the page and here. */
const bytesOf = (size: number, seed: number) =>
  new Uint8Array(size).map((_, i) => (i * 7919 + seed) % 251);

interface Outcome {
  fileId?: number;
  name?: string;
  error?: {
    name: string;
    isMismatch: boolean;
    fileId: number | undefined;
    expectedMd5: string;
    receivedMd5: string;
    message: string;
  };
}

/** The page uploads a Blob of `bytesOf(SIZE, seed)` with `checkDigest` as given. */
function uploadFromPage(seed: number, checkDigest: boolean): Promise<Outcome> {
  return bed.page.evaluate(
    async ({ api, token, seed, size, checkDigest }) => {
      const { createClient, UploadDigestMismatchError } = (
        window as never as { seatpay: PageExports }
      ).seatpay;
      const client = createClient({
        baseUrl: api,
        token,
        profile: 'deployed',
        retryBaseDelay: 1,
        logLevel: 'off',
      });
      const bytes = new Uint8Array(size).map((_, i) => (i * 7919 + seed) % 251);
      const blob = new Blob([bytes], { type: 'video/mp4' });
      try {
        const media = await client.media.upload(blob, {
          operation_type: 'browser',
          filename: `lecture-${seed}.mp4`,
          checkDigest,
        });
        return { fileId: media.id, name: media.name };
      } catch (error) {
        const failure = error as InstanceType<PageExports['UploadDigestMismatchError']>;
        return {
          error: {
            name: failure.name,
            isMismatch: error instanceof UploadDigestMismatchError,
            fileId: failure.fileId,
            expectedMd5: failure.expectedMd5,
            receivedMd5: failure.receivedMd5,
            message: failure.message,
          },
        };
      }
    },
    {
      api: bed.simulator.url,
      token: bed.simulator.simulator.users.owner.token,
      seed,
      size: SIZE,
      checkDigest,
    },
  );
}

const md5Fetches = () => bed.pageServer.served.filter((path) => MD5_CHUNK.test(path)).length;

it('a page fetches the MD5 only for an upload that checks, whose name is the md5 of the Blob', async () => {
  // A page that loaded the SDK and does not upload: no MD5.
  expect(bed.pageServer.served.length).toBeGreaterThan(1);
  expect(md5Fetches()).toBe(0);

  // An upload that does not check does not fetch it either.
  const unchecked = await uploadFromPage(1, false);
  expect(unchecked.error).toBeUndefined();
  expect(md5Fetches()).toBe(0);

  // An upload that checks fetches it, once, and resolves: the service's name for what it
  // assembled is the md5 Node computes for the same bytes.
  const sentBefore = toTheService.length;
  const bytes = bytesOf(SIZE, 2);
  const checked = await uploadFromPage(2, true);
  expect(checked.error).toBeUndefined();
  expect(checked.name).toBe(md5(bytes));
  expect(md5(bed.simulator.simulator.fileBytes(checked.fileId!))).toBe(md5(bytes));
  expect(md5Fetches()).toBe(1);
  const sent = toTheService.slice(sentBefore);
  expect(sent.filter((request) => request === 'PUT /v2/media/me/chunk')).toHaveLength(TOTAL_CHUNKS);
  expect(sent.filter((request) => request === FINALIZE)).toHaveLength(1);
}, 120_000);

it.each(['misplaced-chunk', 'truncated-chunk', 'foreign-chunk'] as const)(
  'a file the service assembled wrong (%s): UploadDigestMismatchError with both digests, nothing retried',
  async (corruption) => {
    const seed = 10 + ['misplaced-chunk', 'truncated-chunk', 'foreign-chunk'].indexOf(corruption);
    const bytes = bytesOf(SIZE, seed);
    bed.simulator.simulator.faults.inject({
      route: FINALIZE,
      kind: 'corrupt-assembly',
      corruption,
    });
    const sentBefore = toTheService.length;

    const { fileId, error } = await uploadFromPage(seed, true);

    expect(fileId).toBeUndefined();
    expect(error).toMatchObject({ name: 'UploadDigestMismatchError', isMismatch: true });
    const stored = bed.simulator.simulator.fileBytes(error!.fileId!);
    expect(error!.expectedMd5).toBe(md5(bytes));
    expect(error!.receivedMd5).toBe(md5(stored));
    expect(error!.receivedMd5).not.toBe(error!.expectedMd5);
    expect(error!.message).toContain(`file ${error!.fileId} exists on the service`);
    // Nothing retried: each chunk went once, and one finalize.
    const sent = toTheService.slice(sentBefore);
    expect(sent.filter((request) => request === 'PUT /v2/media/me/chunk')).toHaveLength(
      TOTAL_CHUNKS,
    );
    expect(sent.filter((request) => request === FINALIZE)).toHaveLength(1);
  },
  120_000,
);

it('a fetch body (a byte stream) uploads whole, md5 checked, each piece it read freed once copied', async () => {
  const seed = 20;
  const bytes = bytesOf(SIZE, seed);
  const outcome = await bed.page.evaluate(
    async ({ api, token, seed, size }) => {
      const { createClient } = (window as never as { seatpay: PageExports }).seatpay;
      const client = createClient({ baseUrl: api, token, profile: 'deployed', logLevel: 'off' });
      const bytes = new Uint8Array(size).map((_, i) => (i * 7919 + seed) % 251);
      // A real fetch body, from a blob: URL (no network needed).
      const response = await fetch(URL.createObjectURL(new Blob([bytes])));
      const probe = (await fetch(URL.createObjectURL(new Blob([bytes])))).body!;
      let isByteStream = true;
      try {
        probe.getReader({ mode: 'byob' }).releaseLock();
      } catch {
        isByteStream = false;
      }
      // Every buffer freed (detached by transfer(0)), as the upload frees a piece it read.
      const prototype = ArrayBuffer.prototype as ArrayBuffer & {
        transfer(length?: number): ArrayBuffer;
      };
      const transfer = prototype.transfer;
      let freed = 0;
      prototype.transfer = function (this: ArrayBuffer, length?: number) {
        if (length === 0) freed += this.byteLength;
        return transfer.call(this, length);
      };
      try {
        const media = await client.media.upload(
          { stream: response.body!, size },
          { operation_type: 'browser', filename: `fetched-${seed}.bin`, checkDigest: true },
        );
        return { isByteStream, name: media.name, fileId: media.id, freed };
      } finally {
        prototype.transfer = transfer;
      }
    },
    { api: bed.simulator.url, token: bed.simulator.simulator.users.owner.token, seed, size: SIZE },
  );
  expect(outcome.isByteStream).toBe(true);
  expect(outcome.name).toBe(md5(bytes));
  expect(md5(bed.simulator.simulator.fileBytes(outcome.fileId))).toBe(md5(bytes));
  // Each piece read from the body was freed once copied (all but at most the last, once read).
  expect(outcome.freed).toBe(SIZE);
}, 120_000);
