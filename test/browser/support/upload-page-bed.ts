import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startMockServer, type MockServer } from '../../../src/mock/index.js';
import {
  recordingSimulator,
  type RecordingSimulator,
} from '../../reliability/support/upload-recorder.js';
import { requestGate, type RequestGate } from '../../support/request-gate.js';
import { launchChromium } from './launch-chromium.js';
import { serveBundlePage, type BundlePage } from './bundle-page.js';

/** What a browser upload test runs against: the service, its page, a folder and a Chromium page. */
export interface UploadPageBed {
  recorder: RecordingSimulator;
  /** The chunk route's gate (`hold`: what waits there, the request or its answer). */
  gate: RequestGate;
  server: MockServer;
  pageServer: BundlePage;
  /** A folder of the test's own for the files the page picks. */
  dir: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * Before the file's tests: a recording simulator whose `browser` operation type has `chunkSize`
 * chunks, its chunk route behind a gate, served; the page `html` served at `path`; a Chromium page
 * in one context (its localStorage outlives a reload, as a tab's does). All closed after them.
 */
export function useUploadPageBed(options: {
  chunkSize: number;
  path: string;
  html: string;
  folderPrefix: string;
  hold?: 'request' | 'answer';
}): () => UploadPageBed {
  let bed: Partial<UploadPageBed> = {};
  beforeAll(async () => {
    const recorder = recordingSimulator({
      operationTypes: { browser: { chunk_size: options.chunkSize, max_chunks: null } },
    });
    bed = { recorder };
    bed.gate = requestGate(recorder.simulator, 'POST /v2/media/me/chunk', { hold: options.hold });
    bed.server = await startMockServer({ simulator: bed.gate.simulator });
    bed.pageServer = await serveBundlePage(options.path, options.html);
    bed.dir = mkdtempSync(join(tmpdir(), options.folderPrefix));
    ({ browser: bed.browser } = await launchChromium());
    bed.context = await bed.browser.newContext();
    bed.page = await bed.context.newPage();
  }, 120_000);
  afterAll(async () => {
    await bed.context?.close();
    await bed.browser?.close();
    await bed.pageServer?.close();
    await bed.server?.close();
    bed.recorder?.simulator.close();
    if (bed.dir) rmSync(bed.dir, { recursive: true, force: true });
  });
  return () => bed as UploadPageBed;
}
