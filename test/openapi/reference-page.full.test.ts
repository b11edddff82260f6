import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../browser/support/launch-chromium.js';

// The readable reference: `npm run openapi:html` renders both documents with Redocly's renderer,
// and each page, opened from disk in a real Chromium with every network request refused, shows
// every operation of its document (its method and path, under its tag), with no page error.
const root = new URL('../../', import.meta.url);
const PAGES = [
  { profile: 'spec', page: 'docs/openapi/index.html', document: 'openapi/openapi.json' },
  {
    profile: 'deployed',
    page: 'docs/openapi/deployed.html',
    document: 'openapi/openapi.deployed.json',
  },
] as const;

let browser: Browser;
// One page for both: the npm registry's Chromium runs as a single process, which closing its last
// page ends.
let page: Page;
const errors: string[] = [];
const outside: string[] = [];
beforeAll(async () => {
  execFileSync('npm', ['run', '-s', 'openapi:html'], { cwd: root, stdio: 'ignore' });
  ({ browser } = await launchChromium());
  page = await browser.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
    // Redoc's "powered by" logo is an image from its CDN that the page hides when it cannot load;
    // anything else from outside (a script, a style, a font) would be a page that needs a network.
    if (route.request().resourceType() !== 'image') outside.push(url);
    return route.abort();
  });
}, 180_000);
afterAll(async () => browser?.close());

describe.each(PAGES)('the $profile reference page', ({ page: file, document: documentFile }) => {
  it('loads offline and lists every route of its document', async () => {
    const doc = JSON.parse(readFileSync(new URL(documentFile, root), 'utf8')) as {
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()}\n${path}`),
    );
    expect(operations.length).toBeGreaterThan(15);
    await page.goto(pathToFileURL(new URL(file, root).pathname).href);
    // The page renders its sections as they scroll into view: read down it as a person would,
    // noting each operation once it is shown, until all were or the wait times out.
    await page
      .waitForFunction(
        (expected) => {
          const seen = ((window as { seen?: Set<string> }).seen ??= new Set<string>());
          const text = document.body.innerText;
          for (const line of expected) if (text.includes(line)) seen.add(line);
          window.scrollBy(0, window.innerHeight / 2);
          return seen.size === expected.length;
        },
        operations,
        { timeout: 90_000, polling: 100 },
      )
      .catch(() => undefined);
    const seen = await page.evaluate(() => [...((window as { seen?: Set<string> }).seen ?? [])]);
    expect(operations.filter((line) => !seen.includes(line))).toEqual([]);
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain(doc.info.title);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
  }, 150_000);
});
