import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback proxy in front of seatpay-mock, for tests that need to see or shape the traffic
// between the command and the service: which requests are in flight at once, or an answer's
// headers. Every request is forwarded as is; `hold` may keep it back until it says so.

export interface Seen {
  method: string;
  path: string;
}

export interface ProxyOptions {
  /** Resolves when the request may go on (default: at once). */
  hold?: (seen: Seen) => Promise<void>;
  /** Headers to add to an answer. */
  addHeaders?: (seen: Seen) => Record<string, string>;
}

export interface Proxy {
  url: string;
  /** Every request in the order it arrived. */
  seen: Seen[];
  close(): Promise<void>;
}

const HOP = new Set([
  'connection',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'keep-alive',
  'host',
  'accept-encoding',
]);

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function startProxy(target: string, options: ProxyOptions = {}): Promise<Proxy> {
  const seen: Seen[] = [];
  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const one = {
      method: request.method ?? 'GET',
      path: new URL(request.url ?? '/', target).pathname,
    };
    seen.push(one);
    const body = await bodyOf(request);
    await options.hold?.(one);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !HOP.has(name)) as [string, string][],
    );
    const answer = await fetch(new URL(request.url ?? '/', target), {
      method: one.method,
      headers,
      ...(body.length ? { body: new Uint8Array(body) } : {}),
    });
    const text = Buffer.from(await answer.arrayBuffer());
    const out: Record<string, string> = { ...options.addHeaders?.(one) };
    answer.headers.forEach((value, name) => {
      if (!HOP.has(name)) out[name] = value;
    });
    response.writeHead(answer.status, out).end(text);
  };
  const server = createServer((request, response) => {
    forward(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Holds each matching request until `count` of them are held at once, then lets them all go: a
 * run that sends them one at a time never gets there. So that such a run fails instead of hanging,
 * a request held while nothing else arrives for `idleMs` goes on alone. `most` is the largest
 * number that were ever held together.
 */
export function gather(count: number, matches: (seen: Seen) => boolean, idleMs = 10_000) {
  const waiting: (() => void)[] = [];
  let idle: NodeJS.Timeout | undefined;
  const state = { most: 0 };
  const releaseAll = () => {
    clearTimeout(idle);
    for (const go of waiting.splice(0)) go();
  };
  const hold = (seen: Seen): Promise<void> => {
    clearTimeout(idle);
    if (waiting.length) idle = setTimeout(releaseAll, idleMs);
    if (!matches(seen)) return Promise.resolve();
    return new Promise<void>((go) => {
      waiting.push(go);
      state.most = Math.max(state.most, waiting.length);
      if (waiting.length >= count) releaseAll();
      else idle = setTimeout(releaseAll, idleMs);
    });
  };
  return { hold, state, release: releaseAll };
}
