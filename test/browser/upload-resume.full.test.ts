import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { progressOf } from './support/bundle-page.js';
import { useUploadPageBed } from './support/upload-page-bed.js';
import { SDK_BUNDLE_PATH } from '../../examples/browser/browser-example.js';

// A File picked in a page of headless Chromium (support/launch-chromium.ts) (the SDK bundle of dist/index.js) is
// uploaded with `resume: { store: localStorageUploadStore() }`. The page is reloaded mid-upload,
// the same file picked again, and the upload finishes: the chunks sent after the reload are only
// those not acknowledged before it, and the simulator (on another origin) assembles the file.
// The reload is certain to land mid-upload whatever the load: the service answers the first half
// of the chunks, then holds every further chunk request unanswered until the page is reloaded.

const CHUNK = 64 * 1024;
const TOTAL = 40;
const FILENAME = 'lecture.mp4';
const PAGE_PATH = '/upload-resume.html';
/** Chunk requests in flight at once (the page's `concurrency`). */
const CONCURRENCY = 2;

/** The page: pick a file, upload it with resume, publish progress and the result on `window`. */
const PAGE_HTML = `<!doctype html>
<meta charset="utf-8">
<title>resume</title>
<input type="file" id="file">
<script type="module">
  import { createClient, localStorageUploadStore } from '${SDK_BUNDLE_PATH}';
  const query = new URLSearchParams(location.search);
  const client = createClient({ baseUrl: query.get('api'), token: query.get('token'), retryBaseDelay: 1 });
  window.__progress = [];
  document.querySelector('#file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    try {
      const media = await client.media.upload(file, {
        operation_type: 'browser',
        concurrency: ${CONCURRENCY},
        resume: { store: localStorageUploadStore() },
        onProgress: (report) => window.__progress.push(report),
      });
      window.__result = { fileId: media.id };
    } catch (error) {
      window.__result = { error: String(error) };
    }
  });
</script>`;

// The chunk requests past the first half wait at the gate, unanswered, until the page is
// reloaded; outside the recorder, a held request never reaches the service, so it is never recorded.
const bed = useUploadPageBed({
  chunkSize: CHUNK,
  path: PAGE_PATH,
  html: PAGE_HTML,
  folderPrefix: 'seatpay-chromium-resume-',
});

const storedRecords = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('seatpay:upload:'))
      .map((key) => JSON.parse(localStorage.getItem(key)!) as { acknowledged: number[] }),
  );

it('a page reloaded mid-upload picks the same File and sends only the chunks not acknowledged', async () => {
  const { recorder, gate, server, pageServer, dir, page } = bed();
  const bytes = new Uint8Array(TOTAL * CHUNK - 333).map((_, i) => (i * 7919) % 251);
  const path = join(dir, FILENAME);
  writeFileSync(path, bytes);
  const url = `${pageServer.url}${PAGE_PATH}?${new URLSearchParams({
    api: server.url,
    token: recorder.simulator.users.owner.token,
  })}`;

  gate.open(TOTAL / 2);
  await page.goto(url);
  await page.setInputFiles('#file', path);
  await expect
    .poll(async () => (await progressOf(page)).at(-1)?.chunksDone ?? 0, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(TOTAL / 2);
  // Both of the page's further chunk requests wait at the gate: none is still on its way (to land
  // after the reload), and the page can go no further before the reload.
  await gate.held(CONCURRENCY);
  await page.reload();
  const [record] = await storedRecords(page);
  expect(record?.acknowledged.length).toBeGreaterThanOrEqual(TOTAL / 2);
  expect(record!.acknowledged.length).toBeLessThan(TOTAL);
  const acknowledged = new Set(record!.acknowledged);
  // The requests the reload cut are dropped at the gate, unrecorded; every other one is answered.
  gate.open(undefined);
  const sentBefore = recorder.trace(FILENAME).chunks.length;

  await page.setInputFiles('#file', path);
  await page.waitForFunction(() => '__result' in window, undefined, { timeout: 60_000 });
  const result = await page.evaluate(
    () => (window as unknown as { __result: { fileId?: number; error?: string } }).__result,
  );
  expect(result.error).toBeUndefined();
  const sent = recorder
    .trace(FILENAME)
    .chunks.slice(sentBefore)
    .map((chunk) => chunk.index);
  const rest = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => !acknowledged.has(i));
  expect([...new Set(sent)].sort((a, b) => a - b)).toEqual(rest);
  const [first] = await progressOf(page);
  expect(first).toEqual({
    loadedBytes: acknowledged.size * CHUNK - (acknowledged.has(TOTAL - 1) ? 333 : 0),
    totalBytes: bytes.byteLength,
    chunksDone: acknowledged.size,
    totalChunks: TOTAL,
  });
  const assembled = recorder.simulator.fileBytes(result.fileId!);
  const hash = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
  expect(hash(assembled)).toBe(hash(bytes));
  expect(recorder.namesOf(FILENAME)).toHaveLength(1);
  expect(await storedRecords(page)).toEqual([]);
}, 120_000);
