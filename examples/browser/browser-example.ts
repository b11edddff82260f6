/**
 * The pieces of the browser example, shared by `serve.ts` (run by hand) and
 * `test/browser/browser.full.test.ts` (run in CI): a browser bundle of the built SDK, a static server
 * for the page, and the simulator on another port, so that every SDK call crosses origins.
 */
import { access, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startMockServer, type MockServer, type MockServerOptions } from '../../src/mock/index.js';

const PAGE_DIR = new URL('./', import.meta.url);
/** What users get: the ESM entry of the package as `npm run build` writes it. */
const BUILT_ENTRY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
/** Where the page imports the SDK from (see page.js). */
export const SDK_BUNDLE_PATH = '/seatpay.js';

/**
 * Bundles `dist/index.js` and its dependencies (ky, zod, p-retry) into one browser ES module, as
 * a user's bundler would. Rejects with a hint when dist/ has not been built.
 */
export async function bundleSdk(): Promise<string> {
  await access(BUILT_ENTRY).catch(() => {
    throw new Error(`${BUILT_ENTRY} is missing: run \`npm run build\` first`);
  });
  const result = await build({
    entryPoints: [BUILT_ENTRY],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    // As a user's bundler: the repository's tsconfig paths (which give the sources the Node
    // platform) are not theirs; `#platform` resolves through package.json imports (browser: web).
    tsconfigRaw: '{}',
    write: false,
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export interface PageServer {
  /** The page's origin, e.g. `http://127.0.0.1:5173`. */
  url: string;
  close(): Promise<void>;
}

interface PageFile {
  type: string;
  body: string;
}

/** The page, its script and the SDK bundle: nothing else is served. */
async function pageFiles(sdkBundle: string): Promise<Map<string, PageFile>> {
  const read = (name: string) => readFile(new URL(name, PAGE_DIR), 'utf8');
  return new Map([
    ['/', { type: 'text/html; charset=utf-8', body: await read('index.html') }],
    ['/page.js', { type: 'text/javascript; charset=utf-8', body: await read('page.js') }],
    [SDK_BUNDLE_PATH, { type: 'text/javascript; charset=utf-8', body: sdkBundle }],
  ]);
}

/** Serves the example page on its own loopback port (any free one by default). */
export async function startPageServer(sdkBundle: string, port = 0): Promise<PageServer> {
  const files = await pageFiles(sdkBundle);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    const file = files.get(path);
    if (!file) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else
      res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await listen(server, port);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => closeServer(server),
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/**
 * The simulator on loopback. Subscriptions appear after a short delay rather than the service's
 * 10 to 30 seconds, so the page still shows the asynchronous wait without making anyone sit it out.
 */
export function startSimulator(options: MockServerOptions = {}): Promise<MockServer> {
  return startMockServer({ subscriptionDelayMs: 500, mediaProcessingDelayMs: 200, ...options });
}

export interface BrowserExample {
  simulator: MockServer;
  page: PageServer;
  /** The page, with the simulator's URL, the owner's token and the member's email in its query. */
  pageUrl: string;
  close(): Promise<void>;
}

export interface BrowserExampleOptions {
  /** The page server's port; default any free one. */
  pagePort?: number;
  /** The simulator's options; its port defaults to any free one. */
  simulator?: MockServerOptions;
}

/** Bundles the SDK and starts both servers: what a run of the example needs. */
export async function startBrowserExample(
  options: BrowserExampleOptions = {},
): Promise<BrowserExample> {
  const sdkBundle = await bundleSdk();
  const simulator = await startSimulator(options.simulator);
  const page = await startPageServer(sdkBundle, options.pagePort).catch(async (error: unknown) => {
    await simulator.close();
    throw error;
  });
  const { owner, member } = simulator.simulator.users;
  const query = new URLSearchParams({
    api: simulator.url,
    token: owner.token,
    member: member.email,
  });
  return {
    simulator,
    page,
    pageUrl: `${page.url}/?${query}`,
    close: async () => {
      await Promise.all([page.close(), simulator.close()]);
    },
  };
}
