import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export interface RedirectServer {
  url: string;
  /** Requests that got the redirect. */
  redirected: number;
  /** Requests that followed it (to /followed/...): must stay 0. */
  followed: number;
  close(): Promise<void>;
}

/** CORS for a page on another origin, so a browser's answer is the redirect itself. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
  'access-control-expose-headers': '*',
};

/**
 * Answers every request with a 307 to the same path under /followed/ on itself, where a followed
 * request would get a plan-shaped 200: a client that follows is seen (`followed`), and one that
 * retries the redirect is seen too (`redirected` above 1).
 */
export async function startRedirectServer(): Promise<RedirectServer> {
  const counts = { redirected: 0, followed: 0 };
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') return void response.writeHead(204, CORS).end();
    if (request.url?.startsWith('/followed/')) {
      counts.followed += 1;
      response.writeHead(200, { ...CORS, 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ id: 1, slug: 'team-per-seat', title: 'x' }));
    }
    counts.redirected += 1;
    response.writeHead(307, { ...CORS, location: `/followed${request.url ?? '/'}` }).end();
  });
  const url = await listen(server);
  return {
    url,
    get redirected() {
      return counts.redirected;
    },
    get followed() {
      return counts.followed;
    },
    close: () => close(server),
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
};

/** Serves the files of `root` (a built page) on loopback. */
export async function startStaticServer(
  root: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(root, path === '/' ? 'index.html' : path);
    void stat(file).then(
      (found) => {
        if (!found.isFile() || !file.startsWith(root)) throw new Error('not a file');
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  return { url: await listen(server), close: () => close(server) };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}
