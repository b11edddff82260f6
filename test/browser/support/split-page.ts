import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

/** A page built with code splitting, served chunk by chunk on loopback. */
export interface SplitPage {
  url: string;
  /** The page's files by path (`/stdin.js`, its chunks, `/` for the HTML). */
  files: ReadonlyMap<string, string>;
  /** The paths the page server was asked for, in order. */
  served: string[];
  close(): Promise<void>;
}

/**
 * Builds `source` as users build a page with code splitting (esbuild --splitting, for the
 * browser) and serves it from its own loopback origin, uncached, so every chunk a page fetches
 * shows in `served`.
 */
export async function serveSplitPage(source: string): Promise<SplitPage> {
  const built = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js', sourcefile: 'page.js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    tsconfigRaw: '{}',
    outdir: '/page',
    write: false,
    logLevel: 'silent',
  });
  const files = new Map(
    built.outputFiles.map((file) => [file.path.replace('/page', ''), file.text]),
  );
  files.set('/', '<!doctype html><script type="module" src="/stdin.js"></script>');
  const served: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    served.push(path);
    const body = files.get(path);
    if (body === undefined) res.writeHead(404).end();
    else {
      const type = path === '/' ? 'text/html' : 'text/javascript';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    files,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
