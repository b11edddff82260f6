// A test file's page built with code splitting (split-page.ts), open in a real Chromium next to
// the simulator it calls, and what the page sent to that simulator.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { MockServer } from '../../../src/mock/index.js';
import { launchChromium } from './launch-chromium.js';
import { serveSplitPage, type SplitPage } from './split-page.js';

export interface SplitPageBrowser {
  simulator: MockServer;
  pageServer: SplitPage;
  page: Page;
  /** The requests the page sent to the simulator, as `seen` names them, in order. */
  toTheService: string[];
}

export interface SplitPageOptions {
  /** Starts the simulator the page calls. */
  startService: () => Promise<MockServer>;
  /** How a request the page sends to the simulator is recorded; undefined: it is not. */
  seen: (request: Request) => string | undefined;
  /** Checks the built page before anything else starts. */
  checkPage?: (pageServer: SplitPage) => void;
}

/**
 * Before the file's tests: `source` built into a split page and served, the simulator started, a
 * Chromium page opened on it once `window.seatpay` is there; all closed after the tests. Its
 * fields are set once the file's beforeAll has run.
 */
export function useSplitPageBrowser(source: string, options: SplitPageOptions): SplitPageBrowser {
  const bed = { toTheService: [] as string[] } as SplitPageBrowser;
  let browser: Browser | undefined;
  beforeAll(async () => {
    bed.pageServer = await serveSplitPage(source);
    options.checkPage?.(bed.pageServer);
    bed.simulator = await options.startService();
    ({ browser } = await launchChromium());
    bed.page = await browser.newPage();
    bed.page.on('request', (request) => {
      if (!request.url().startsWith(bed.simulator.url)) return;
      const name = options.seen(request);
      if (name !== undefined) bed.toTheService.push(name);
    });
    await bed.page.goto(bed.pageServer.url);
    await bed.page.waitForFunction(() => 'seatpay' in window);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await bed.simulator?.close();
    await bed.pageServer?.close();
  });
  return bed;
}
