import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { progressOf } from './support/bundle-page.js';
import { useUploadPageBed } from './support/upload-page-bed.js';
import { SDK_BUNDLE_PATH } from '../../examples/browser/browser-example.js';
import { ANSWER_GRACE_MS } from '../../src/helpers/upload/chunk-stop.js';

// Uploads in a real Chromium, through the XMLHttpRequest chunk sender of the web platform:
// 1. progress by bytes: with every chunk request held at the gate (its body sent, no answer), the
//    page already sees the chunk's bytes, before any chunk is acknowledged;
// 2. pause while a chunk's answer is on its way, reload, list the store's unfinished uploads,
//    resume: only the missing chunk goes, and no request of the page fails (no red 400 in the
//    console). The grace a sent chunk gets for its answer (ANSWER_GRACE_MS) is held by the page
//    (its setTimeout of that length waits for the test), so event order decides, not the load.

const CHUNK = 64 * 1024;
const PAGE_PATH = '/upload.html';

/** The page: a client, a store, an upload with pause, progress and the result on `window`. */
const PAGE_HTML = `<!doctype html>
<meta charset="utf-8">
<title>upload</title>
<input type="file" id="file">
<script type="module">
  const realSetTimeout = window.setTimeout.bind(window);
  window.__heldGrace = [];
  window.setTimeout = (handler, ms, ...args) =>
    ms === ${ANSWER_GRACE_MS} ? (window.__heldGrace.push(handler), 0) : realSetTimeout(handler, ms, ...args);
  const { createClient, localStorageUploadStore } = await import('${SDK_BUNDLE_PATH}');
  const query = new URLSearchParams(location.search);
  const client = createClient({ baseUrl: query.get('api'), token: query.get('token'), retryBaseDelay: 1 });
  const store = localStorageUploadStore();
  window.__client = client;
  window.__store = store;
  window.__progress = [];
  window.__pending = () => client.media.pendingUploads(store);
  document.querySelector('#file').addEventListener('change', async (event) => {
    const controller = new AbortController();
    window.__pause = () => controller.abort();
    try {
      const media = await client.media.upload(event.target.files[0], {
        operation_type: 'browser',
        concurrency: 1,
        signal: controller.signal,
        resume: { store },
        onProgress: (report) => window.__progress.push(report),
      });
      window.__result = { fileId: media.id };
    } catch (error) {
      window.__result = { error: error.name };
    }
  });
  window.__ready = true;
</script>`;

// The service stores a chunk past the budget at once; only its answer waits at the gate.
const bed = useUploadPageBed({
  chunkSize: CHUNK,
  path: PAGE_PATH,
  html: PAGE_HTML,
  folderPrefix: 'seatpay-chromium-progress-',
  hold: 'answer',
});
let pageUrl: string;

/** Console errors and failed answers the page saw, in order. */
const problems: string[] = [];

beforeAll(() => {
  const { pageServer, server, recorder, page } = bed();
  pageUrl = `${pageServer.url}${PAGE_PATH}?${new URLSearchParams({
    api: server.url,
    token: recorder.simulator.users.owner.token,
  })}`;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
});

/** What the page puts on `window`. */
interface PageWindow {
  __client: { media: { uploadProgress: string } };
  __pause(): void;
  __heldGrace: unknown[];
  __pending(): Promise<Array<Record<string, unknown>>>;
}

const resultOf = async (page: Page) => {
  await page.waitForFunction(() => '__result' in window, undefined, { timeout: 60_000 });
  return page.evaluate(
    () => (window as unknown as { __result: { fileId?: number; error?: string } }).__result,
  );
};
const open = async (page: Page) => {
  await page.goto(pageUrl);
  await page.waitForFunction(() => '__ready' in window);
};
const fileOf = (name: string, size: number) => {
  const bytes = new Uint8Array(size).map((_, i) => (i * 7919 + size) % 251);
  const { dir } = bed();
  writeFileSync(join(dir, name), bytes);
  return { path: join(dir, name), bytes };
};
const hash = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

it('reports the bytes of a chunk that has gone out, before the chunk is acknowledged', async () => {
  const { gate, page, recorder } = bed();
  const { path, bytes } = fileOf('talk.mp4', 3 * CHUNK - 100);
  gate.open(0); // every chunk's answer waits
  await open(page);
  expect(
    await page.evaluate(() => (window as unknown as PageWindow).__client.media.uploadProgress),
  ).toBe('bytes');
  await page.setInputFiles('#file', path);
  await gate.held(1);
  await expect
    .poll(async () => (await progressOf(page)).at(-1)?.loadedBytes ?? 0, { timeout: 30_000 })
    .toBe(CHUNK);
  expect((await progressOf(page)).at(-1)?.chunksDone).toBe(0);
  gate.open(undefined);
  const result = await resultOf(page);
  expect(result.error).toBeUndefined();
  const reports = await progressOf(page);
  for (let i = 1; i < reports.length; i++) {
    expect(reports[i]!.loadedBytes).toBeGreaterThanOrEqual(reports[i - 1]!.loadedBytes);
  }
  expect(reports.filter((r) => r.loadedBytes === bytes.byteLength)).toEqual([reports.at(-1)]);
  expect(reports.at(-1)).toEqual({
    loadedBytes: bytes.byteLength,
    totalBytes: bytes.byteLength,
    chunksDone: 3,
    totalChunks: 3,
  });
  expect(hash(recorder.simulator.fileBytes(result.fileId!))).toBe(hash(bytes));
}, 120_000);

it('a pause while an answer is on its way, a reload, the list, a resume: only the missing chunk, no failing request', async () => {
  const { gate, page, recorder } = bed();
  const { path, bytes } = fileOf('lecture.mp4', 4 * CHUNK - 7);
  problems.length = 0;
  gate.open(2); // chunks 0 and 1 answered; chunk 2 stored, its answer held
  await open(page);
  await page.setInputFiles('#file', path);
  await gate.held(1);
  // The browser has told the page that chunk 2's bytes all went out (its last upload progress).
  await expect
    .poll(async () => (await progressOf(page)).at(-1)?.loadedBytes ?? 0, { timeout: 30_000 })
    .toBe(3 * CHUNK);
  await page.evaluate(() => (window as unknown as PageWindow).__pause());
  // Chunk 2 went out whole: the page waits for its answer, within the grace the page holds.
  await page.waitForFunction(() => (window as unknown as PageWindow).__heldGrace.length === 1);
  gate.open(undefined);
  expect(await resultOf(page)).toEqual({ error: 'AbortError' });

  await page.reload();
  await page.waitForFunction(() => '__ready' in window);
  const pending = await page.evaluate(async () =>
    (await (window as unknown as PageWindow).__pending()).map((p) => ({
      ...p,
      updatedAt: typeof p.updatedAt,
    })),
  );
  expect(pending).toEqual([
    expect.objectContaining({
      filename: 'lecture.mp4',
      totalBytes: bytes.byteLength,
      bytesDone: 3 * CHUNK,
      chunksDone: 3,
      totalChunks: 4,
      updatedAt: 'object',
      finalizeSent: false,
    }),
  ]);
  const sentBefore = recorder.trace('lecture.mp4').chunks.length;
  await page.setInputFiles('#file', path);
  const result = await resultOf(page);
  expect(result.error).toBeUndefined();
  const after = recorder.trace('lecture.mp4').chunks.slice(sentBefore);
  expect(after).toEqual([{ index: 3, answer: 201 }]);
  expect(recorder.trace('lecture.mp4').chunks.map((c) => c.answer)).not.toContain('already-held');
  expect(hash(recorder.simulator.fileBytes(result.fileId!))).toBe(hash(bytes));
  expect(await page.evaluate(() => (window as unknown as PageWindow).__pending())).toEqual([]);
  expect(problems).toEqual([]);
}, 120_000);
