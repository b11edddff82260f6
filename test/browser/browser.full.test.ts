import { createHash } from 'node:crypto';
import type { Browser, ConsoleMessage, JSHandle, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SDK_BUNDLE_PATH,
  startBrowserExample,
  type BrowserExample,
} from '../../examples/browser/browser-example.js';
// Types only: the page runs the bundle of dist/index.js, built from this source.
import type * as Seatpay from '../../src/index.js';
import { launchChromium } from './support/launch-chromium.js';
import { PURCHASE_STEPS } from '../support/purchase-steps.js';

// The example page in headless Chromium (Debian's, or the npm registry's: see
// support/launch-chromium.ts): the SDK as users get it (a browser bundle of dist/index.js) runs the purchase flow and a chunked upload of a File against the simulator on
// another origin, and what the page reports is checked against the simulator's own records.

const RESULT_TIMEOUT_MS = 60_000;

/** What examples/browser/page.js publishes on `window.__seatpayResult`. */
interface PageResult {
  error: { name: string; message: string } | null;
  pageOrigin: string;
  apiOrigin: string;
  steps: string[];
  subscription: { id: number; seats_limit: number };
  charges: { invoice: number; amount: string }[];
  seats: { email: string; is_active: boolean }[];
  upload: {
    fileId: number;
    status: string;
    size: number;
    sha256: string;
    totalChunks: number;
    chunks: { index: number; start: number; end: number }[];
    progress: {
      loadedBytes: number;
      totalBytes: number;
      chunksDone: number;
      totalChunks: number;
    }[];
  };
}

let example: BrowserExample;
let browser: Browser | undefined;
let page: Page;
let result: PageResult;
/** Uncaught exceptions and console errors of the page, in order. */
const pageProblems: { text: string; url: string }[] = [];
/** Those of the example's own run, before any test made calls of its own. */
let problemsOfTheRun: { text: string; url: string }[];

beforeAll(async () => {
  example = await startBrowserExample({
    simulator: { subscriptionDelayMs: 200, mediaProcessingDelayMs: 100 },
  });
  ({ browser } = await launchChromium());
  page = await browser.newPage();
  page.on('pageerror', (error) => pageProblems.push({ text: String(error), url: page.url() }));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error')
      pageProblems.push({ text: message.text(), url: message.location().url });
  });
  await page.goto(example.pageUrl);
  result = await readPageResult(page);
  problemsOfTheRun = [...pageProblems];
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await example?.close();
});

/** Waits for the page's result; on a timeout, says what the page showed and complained about. */
async function readPageResult(page: Page): Promise<PageResult> {
  try {
    await page.waitForFunction(() => '__seatpayResult' in window, undefined, {
      timeout: RESULT_TIMEOUT_MS,
    });
  } catch (error) {
    const status = await page.locator('#status').textContent();
    throw new Error(
      `The page published no result within ${RESULT_TIMEOUT_MS} ms. It shows "${status}"; page errors: ${JSON.stringify(pageProblems)}`,
      { cause: error },
    );
  }
  return page.evaluate(
    () => (window as unknown as { __seatpayResult: PageResult }).__seatpayResult,
  );
}

/** A GET to the simulator as the owner, from Node: its records, not what the page says. */
async function askSimulator<T>(path: string): Promise<T> {
  const response = await fetch(`${example.simulator.url}${path}`, {
    headers: { authorization: `Bearer ${example.simulator.simulator.users.owner.token}` },
  });
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

describe('the example page in headless Chromium, against the simulator on another origin', () => {
  it('finishes without an error and shows the summary', async () => {
    expect(result.error).toBeNull();
    expect(await page.locator('#status').getAttribute('data-state')).toBe('done');
    expect(await page.locator('#status').textContent()).toContain(
      `subscription #${result.subscription.id}`,
    );
  });

  it('calls the simulator cross-origin, with no page error or console error', () => {
    expect(new URL(page.url()).origin).toBe(example.page.url);
    expect(result.pageOrigin).toBe(example.page.url);
    expect(result.apiOrigin).toBe(example.simulator.url);
    expect(result.pageOrigin).not.toBe(result.apiOrigin);
    expect(problemsOfTheRun).toEqual([]);
  });

  it('bought the team plan: the simulator holds the subscription with 3 seats and the member', async () => {
    expect(result.steps).toEqual([...PURCHASE_STEPS]);
    const { id } = result.subscription;
    const listing = await askSimulator<{ subscriptions: { id: number }[] }>(
      '/v1/payments/me/subscription',
    );
    expect(listing.subscriptions.map((subscription) => subscription.id)).toEqual([id]);
    const team = await askSimulator<{ seats_limit: number }>(
      `/v2/payments/subscription/${id}/billing-team`,
    );
    expect(team.seats_limit).toBe(3);
    const seats = await askSimulator<{ email: string; is_active: boolean }[]>(
      `/v2/payments/subscription/${id}/billing-team/seat`,
    );
    const member = example.simulator.simulator.users.member.email;
    expect(seats.filter((seat) => seat.is_active).map((seat) => seat.email)).toContain(member);
    expect(result.seats).toContainEqual({ email: member, is_active: true });
  });

  it('charged the card exactly once, for the payment the page saw', () => {
    const payments = example.simulator.simulator.charges.filter(
      (charge) => charge.kind === 'payment',
    );
    expect(payments).toHaveLength(1);
    expect(result.charges).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      invoice: result.charges[0]!.invoice,
      amount: result.charges[0]!.amount,
      subscription: result.subscription.id,
    });
  });

  it('uploaded the File in at least 3 chunks, and the simulator assembled the same bytes', () => {
    const { upload } = result;
    const stored = example.simulator.simulator.file(upload.fileId);
    expect(stored?.status).toMatch(/^(TRANSFERRING|CREATED)$/);
    expect(upload.status).toMatch(/^(TRANSFERRING|CREATED)$/);
    expect(upload.totalChunks).toBeGreaterThanOrEqual(3);
    // Every chunk acknowledged once, and together they cover the file end to end.
    expect(upload.chunks.map((chunk) => chunk.index)).toEqual(
      Array.from({ length: upload.totalChunks }, (_, index) => index),
    );
    upload.chunks.forEach((chunk, index) =>
      expect(chunk.start).toBe(index === 0 ? 0 : upload.chunks[index - 1]!.end),
    );
    expect(upload.chunks.at(-1)!.end).toBe(upload.size);
    const assembled = example.simulator.simulator.fileBytes(upload.fileId);
    expect(assembled.byteLength).toBe(upload.size);
    expect(createHash('sha256').update(assembled).digest('hex')).toBe(upload.sha256);
  });

  it('reported monotonic progress that reaches the file size only at the end', () => {
    const { progress, size, totalChunks } = result.upload;
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const [index, report] of progress.entries()) {
      expect(report).toMatchObject({ totalBytes: size, totalChunks });
      const previous = progress[index - 1];
      if (!previous) continue;
      expect(report.loadedBytes).toBeGreaterThanOrEqual(previous.loadedBytes);
      expect(report.chunksDone).toBeGreaterThanOrEqual(previous.chunksDone);
    }
    expect(progress.at(-1)).toEqual({
      loadedBytes: size,
      totalBytes: size,
      chunksDone: totalChunks,
      totalChunks,
    });
    expect(progress.slice(0, -1).every((report) => report.loadedBytes < size)).toBe(true);
  });

  it('a typed error crosses into the page: NotFoundError, an instance of SeatpayError', async () => {
    const token = example.simulator.simulator.users.owner.token;
    const problemsBefore = pageProblems.length;
    // The module the page already loaded, so the classes are those of the page's own code. A string,
    // because vitest rewrites `import()` in the test's functions before Playwright sends them.
    const sdk: JSHandle<typeof Seatpay> = await page.evaluateHandle(
      `import(${JSON.stringify(SDK_BUNDLE_PATH)})`,
    );
    const seen = await page.evaluate(
      async ({ sdk, api, token }) => {
        const client = sdk.createClient({ baseUrl: api, token, logLevel: 'off' });
        try {
          await client.plans.get('no-such-plan');
          return { thrown: false, printed: '' };
        } catch (error) {
          return {
            thrown: true,
            name: (error as Error).name,
            status: (error as { status?: number }).status,
            isSeatpayError: error instanceof sdk.SeatpayError,
            isNotFoundError: error instanceof sdk.NotFoundError,
            printed: `${String(error)} ${JSON.stringify(error)}`,
          };
        }
      },
      { sdk, api: example.simulator.url, token },
    );
    expect(seen).toMatchObject({
      thrown: true,
      name: 'NotFoundError',
      status: 404,
      isSeatpayError: true,
      isNotFoundError: true,
    });
    expect(seen.printed).not.toContain(token);
    // Chromium logs the 404 itself; the SDK adds nothing (its logger is off here).
    expect(pageProblems.slice(problemsBefore)).toEqual([
      {
        text: expect.stringContaining('status of 404'),
        url: `${example.simulator.url}/v1/payments/plan/no-such-plan`,
      },
    ]);
  });
});
