import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator } from '../../examples/browser/browser-example.js';
import type { MockServer } from '../../src/mock/index.js';
import { packAndInstall, type PackedPackage } from '../package/support/pack-and-install.js';
import { launchChromium } from './support/launch-chromium.js';

// What a browser page downloads before its first answer (issue 36), in a real Chromium: the page
// a user builds with vite from the packed tarball (an index.html and a module that creates a
// client and calls `plans.get`), served file by file, its requests seen by the browser. A size
// benchmark asserted on bytes and request counts, never on time: BENCHMARKS.md, "Issue 36".

/**
 * The page's JavaScript downloaded before its first answer, gzip -9 per file summed. Before issue
 * 36 this page downloaded 50.1 KB in 17 files, 8 of them `import()`ed by the first call after the
 * page's modules had loaded (one more code hop); after, 49.2 KB in 7 files, all of them the entry
 * and the chunks its HTML preloads. The goal, 24 KB, is missed: ky, zod with every
 * family's schemas and p-retry are about 19.5 KB of it (BENCHMARKS.md, "Issue 36"). The guards
 * sit at the measured size after merging main at e47cd47 (49.7 KB) plus about 1 %, and at the
 * measured count of files. After issues 37 and 40 landed: 50.5 KB. Issue 36, second round (the
 * parts loaded on first use reach the modules they share with the page, src/page-side.ts, and
 * `client.journal`'s methods load on first use): 46.8 KB in 1 file. Third round (what only the
 * helpers use in dist/ chunks apart from the page's, src/lazy-side.ts): 44.5 KB (44,547 B).
 * Fourth pass (the red team's and review's fixes to the argument checks: arrays bounded by length
 * and read once into the copy that is checked and sent, inputs with their own toJSON refused):
 * 45.1 KB (45,096 B). Fifth pass and its review (secrets as hex and grouped by any separator,
 * a recorded field compared with the client's token put back, `exclude` checked once): 45.5 KB
 * (45,453 B). Branch redactflow (a CVC named by its label, a record's own rule for short numbers,
 * a large answer redacted in slices): 46.6 KB (46,637 B); 47,071 B after merging main at a05114b.
 * Branch slicesroom (the slices a chunk loaded only for an answer of a slice or more): 46,716 B
 * against 47,073 on main at 7fe651f. Sixth pass, every branch merged (review6a's hook guard,
 * review6c's labels): 47,036 B. Plus about 0.4 %. Branch redteam10 (a secret's digits in other
 * scripts, CVC labels in other languages): 47,347 B. Plus about 0.4 %. Seventh pass, every branch
 * merged (main 92405e1; review7b's digits of every Unicode script are most of it): 48,117 B. Plus
 * about 0.4 %. Branch redteam13 (a secret's text also searched folded): 48,943 B. Plus about 0.4 %.
 * Eighth pass, every branch merged (main c2106d7; bytes8's smaller tables): 48,778 B. Plus about
 * 0.4 %. Ninth pass, every branch merged (main af0c977; the secret search's new forms): 48,967 B.
 * Plus about 0.4 %. Tenth pass, every branch merged (main 687bf76; sliced validation, more secret
 * forms): 49,379 B. Plus about 0.4 %. Eleventh pass, every branch merged (main 9ff08e8; UTF-16
 * and wrapped base64 secret forms, messages that say what to do): 50,360 B. Plus about 0.4 %.
 * Twelfth pass, every branch merged (main c90321e; schemas imported by name): 50,150 B. Plus
 * about 0.4 %. Thirteenth pass, every branch merged (main b939117; more secret forms, messages
 * that say what to do): 50,658 B. Plus about 0.4 %. Fourteenth pass, every branch merged (main
 * 6d54029; a card's base64 and hex words read, misplaced keys and wrong clocks refused): 51,473 B.
 * Plus about 0.4 %. Fifteenth pass, every branch merged (main 94ae0af; a card's digits in base64
 * pieces and hex dumps, keyed options checked, timeouts that say nothing was sent): 51,717 B. Plus
 * about 0.4 %. Sixteenth pass, every branch merged (a secret's bytes as decimal numbers and in
 * dumps read across lines, money calls' request options refused; the journals' order-field check
 * reached through page-side.ts, else 2 files and 54,379 B): 52,714 B. Plus about 0.4 %.
 */
// Seventeenth pass, every branch merged (main 45d187b; dumps of words and byte arrays in parsed
// answers read, a client's signal refused; size17 moved the money calls' refusal texts off the
// page): 52,939 B. Plus about 0.4 %. Eighteenth pass, every branch merged (main 8de0891; wire
// dumps, octal escapes and split base64 words read, reversed forms after an override searched a
// chunk at a time): 53,814 B. Plus about 0.4 %. Nineteenth pass, every branch merged (main d45666a;
// od dumps, character lists, narrow base64 and prefixed dumps read, a staged pattern, throwing
// getters and nested options refused; page19 won back 179 B): 55,450 B. Plus about 0.4 %. Twentieth
// pass, every branch merged (main 96ab83b; grouped card digits, base32, unknown request options
// refused): 56,403 B. Plus about 0.4 %. Branch page21 (the request path in the file the page
// shares with the lazy parts): 56,345 B. Plus about 0.4 %. Twenty-first pass, every branch merged
// (main 3774185; escape notations, od in JSON and `-A x`, misspelt order fields): 57,145 B. Plus
// about 0.4 %. Twenty-second pass, every branch merged (main b6bbc9c; misspelt fields folded, the
// 401 hint lazy): 57,233 B. Plus about 0.4 %. redteam61 (look-alike letters in money fields
// refused, about 125 B on a bundler's page): 57,527 B; plus 16 B. redteam62 (other scripts'
// look-alikes refused, about 60 B): 57,591 B; plus 16 B. review25 (names in scripts unlike Latin
// not taken for a money field, letters outside the BMP counted once): 57,660 B; plus 16 B.
const FIRST_ANSWER_BUDGET = 57_676;
// 8 after issues 37 and 40 landed (vite split one more chunk that the entry and a helper's chunk
// shared); 1 once those shared modules make one chunk with the page's (src/page-side.ts).
const FIRST_ANSWER_FILES = 1;

let installed: PackedPackage;
let simulator: MockServer;
let server: Server;
let browser: Browser | undefined;
/** The page's files as vite built them, by path. */
const files = new Map<string, string>();

/** A page of a user's project, built by vite from the installed package. */
async function buildPage(project: string): Promise<void> {
  await writeFile(
    join(project, 'index.html'),
    '<!doctype html><script type="module" src="/page.js"></script>',
  );
  await writeFile(
    join(project, 'page.js'),
    `import { createClient } from 'seatpay';
     const { api, token } = Object.fromEntries(new URLSearchParams(location.search));
     createClient({ baseUrl: api, token }).plans.get('team-per-seat').then(
       (plan) => (window.answer = plan.slug),
       (error) => (window.answer = String(error)),
     );`,
  );
  const { build } = await import('vite');
  const result = await build({
    root: project,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, target: 'es2022' },
  });
  for (const output of (Array.isArray(result) ? result : [result]).flatMap((r) =>
    'output' in r ? r.output : [],
  )) {
    const text = output.type === 'chunk' ? output.code : String(output.source);
    files.set(`/${output.fileName}`, text);
  }
}

beforeAll(async () => {
  installed = await packAndInstall();
  await buildPage(installed.scratchDir);
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    const body = files.get(path === '/' ? '/index.html' : path);
    if (body === undefined) res.writeHead(404).end();
    else {
      const type = path.endsWith('.js') ? 'text/javascript' : 'text/html';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  simulator = await startSimulator();
  ({ browser } = await launchChromium());
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await simulator?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (installed) await rm(installed.scratchDir, { recursive: true, force: true });
});

it('downloads at most the budget before its first answer, and no code after its own modules', async () => {
  const page = await browser!.newPage();
  /** Every request of the page, in the order the browser made them. */
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const query = new URLSearchParams({
    api: simulator.url,
    token: simulator.simulator.users.owner.token,
  });
  await page.goto(`${origin}/?${query}`);
  await page.waitForFunction(() => 'answer' in window);
  expect(await page.evaluate(() => (window as never as { answer: string }).answer)).toBe(
    'team-per-seat',
  );
  await page.close();

  const toTheService = requests.findIndex((url) => url.startsWith(simulator.url));
  expect(toTheService).toBeGreaterThan(0);
  const scripts = requests
    .slice(0, toTheService)
    .filter((url) => url.endsWith('.js'))
    .map((url) => new URL(url).pathname);
  // Every script the call needed was asked for before its request left: none comes after it.
  expect(requests.slice(toTheService).filter((url) => url.endsWith('.js'))).toEqual([]);
  // And each was the page's entry or a chunk the HTML preloads (no import() waited for on the
  // way: the request leaves once the page's own modules have loaded).
  const html = files.get('/index.html')!;
  for (const script of scripts) expect(html).toContain(script);

  const gzipped = scripts.reduce(
    (sum, path) => sum + gzipSync(files.get(path)!, { level: 9 }).byteLength,
    0,
  );
  console.log(`before the first answer: ${scripts.length} files, ${gzipped} B gzipped`);
  expect(gzipped).toBeLessThanOrEqual(FIRST_ANSWER_BUDGET);
  expect(scripts.length).toBeLessThanOrEqual(FIRST_ANSWER_FILES);
});
