// A test's upload page and seatpay's browser bundle, served on a loopback origin of their own
// (not the simulator's, so the page's requests to the service are cross-origin as a user's are),
// and the progress reports the page keeps on `window.__progress`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { bundleSdk, SDK_BUNDLE_PATH } from '../../../examples/browser/browser-example.js';

export interface BundlePage {
  /** The origin: the page is at `${url}${path}`. */
  url: string;
  close(): Promise<void>;
}

/** Serves `html` at `path` and the bundle at SDK_BUNDLE_PATH (where the page imports it from). */
export async function serveBundlePage(path: string, html: string): Promise<BundlePage> {
  const sdkBundle = await bundleSdk();
  const server = createServer((req, res) => {
    const asked = new URL(req.url ?? '/', 'http://page').pathname;
    const body = asked === path ? html : asked === SDK_BUNDLE_PATH ? sdkBundle : undefined;
    if (body === undefined) return void res.writeHead(404).end();
    const type = asked === path ? 'text/html' : 'text/javascript';
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One progress report of an upload, as the page recorded it. */
export interface ProgressReport {
  loadedBytes: number;
  totalBytes: number;
  chunksDone: number;
  totalChunks: number;
}

/** The progress reports the page recorded so far, in order. */
export const progressOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __progress: ProgressReport[] }).__progress);
