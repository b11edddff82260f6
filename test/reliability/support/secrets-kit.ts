// What the secrets suite needs: everything a user can print of an error, a logger that records
// every call, and two loopback servers (one redirects elsewhere, one records what reaches it).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import type { Logger } from '../../../src/index.js';
import { showsSecret } from '../../support/secret-text.js';

/** Every way a user may print an error, down its whole `cause` chain. */
export function renderings(error: unknown): string[] {
  const texts: string[] = [safe(() => JSON.stringify(error)), inspect(error, { depth: 10 })];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    const e = current as Error;
    texts.push(
      String(e?.message),
      String(e?.stack),
      safe(() => String(e)),
      safe(() => JSON.stringify(e)),
      inspect(e, { depth: 10 }),
    );
    current = (e as { cause?: unknown })?.cause;
  }
  return texts;
}

function safe(render: () => string | undefined): string {
  try {
    return String(render());
  } catch (error) {
    return `<render failed: ${String(error)}>`;
  }
}

/** A logger that keeps every call, each argument inspected as a user's logger would print it. */
export function recordingLogger() {
  const lines: string[] = [];
  const calls = { error: 0, warn: 0, info: 0, debug: 0 };
  const at =
    (level: keyof typeof calls) =>
    (message: string, ...rest: unknown[]) => {
      calls[level]++;
      lines.push(
        [
          message,
          ...rest.map((r) => inspect(r, { depth: 10 })),
          ...rest.map((r) => safe(() => JSON.stringify(r))),
        ].join(' '),
      );
    };
  const logger: Logger = {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
  };
  return { logger, lines, calls };
}

/** Which secrets (or their first 12 characters) appear in `texts` (a short one standing alone). */
export function leaked(texts: string[], secrets: string[]): string[] {
  const all = texts.join('\n');
  const found: string[] = [];
  for (const secret of secrets) {
    if (showsSecret(all, secret)) found.push(secret);
    // A cut-off copy is a leak too: nothing may keep the first characters of a long secret.
    else if (secret.length >= 12 && all.includes(secret.slice(0, 12)))
      found.push(`${secret.slice(0, 12)}…`);
  }
  return found;
}

/** One request as a loopback server saw it. */
export interface Arrival {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Loopback {
  origin: string;
  arrivals: Arrival[];
  close: () => Promise<void>;
}

async function listen(
  handle: (
    request: Arrival,
    respond: (status: number, headers: Record<string, string>, body?: string) => void,
  ) => void,
): Promise<Loopback> {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((request, response) => {
    const arrival = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    };
    arrivals.push(arrival);
    request.resume();
    request.on('end', () =>
      handle(arrival, (status, headers, body) => {
        response.writeHead(status, headers);
        response.end(body);
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A server that records every request and answers 200 with an empty JSON object. */
export const recordingServer = () =>
  listen((_request, respond) => respond(200, { 'content-type': 'application/json' }, '{}'));

/**
 * A server that answers every request with `status` and a `Location` on `target`'s origin, except
 * an operation type read, answered so that an upload goes on to send its chunks.
 */
export const redirectingServer = (status: () => number, target: () => string) =>
  listen((request, respond) => {
    if (request.url.startsWith('/v2/media/operationtype/')) {
      const settings = JSON.stringify({ chunk_size: 64, max_chunks: null });
      return respond(200, { 'content-type': 'application/json' }, settings);
    }
    respond(
      status(),
      { location: `${target()}${request.url}`, 'content-type': 'text/plain' },
      'moved',
    );
  });
