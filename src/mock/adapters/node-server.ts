import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { withClientGone } from '../core/client-gone.js';
import { knownCaller } from '../core/known-caller.js';
import type { AddressInfo } from 'node:net';
import { requestId } from '../core/random.js';
import { isConnectionReset } from '../core/respond.js';
import { serverProfile } from '../core/server-profile.js';
import { compress } from './compress.js';
import { fetchRefusesPort } from '../core/fetch-bad-ports.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../simulator.js';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from './cors.js';

/**
 * Where {@link startMockServer} listens, and the simulator it serves (a new one, built from the
 * {@link SimulatorOptions} here, unless `simulator` is given).
 *
 * @example
 * ```ts
 * const server = await startMockServer({ port: 4010, host: '127.0.0.1', subscriptionDelayMs: 50 });
 * ```
 * @category Simulator
 */
export interface MockServerOptions extends SimulatorOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Serve this simulator instead of creating one (its timers are then yours to close). */
  simulator?: Simulator;
  /**
   * The largest request body read, in bytes; a larger one is answered 413 and its connection
   * closed, and no body is read before the request is authenticated. Default 32 MiB (a 10 MiB
   * chunk and its form, with room).
   */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * A running simulator server, as {@link startMockServer} resolves it.
 *
 * @example
 * ```ts
 * const server: MockServer = await startMockServer();
 * const client = createClient({ baseUrl: server.url, token: server.simulator.users.owner.token });
 * await server.close();
 * ```
 * @category Simulator
 */
export interface MockServer {
  /** The base URL to give a client, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The port it listens on (the one picked when `port` was 0). */
  port: number;
  /** The simulator it serves, to look inside or inject failures. */
  simulator: Simulator;
  /**
   * Stops listening, drops open connections, and closes the simulator if this server created it.
   *
   * @example
   * ```ts
   * afterAll(() => server.close());
   * ```
   */
  close(): Promise<void>;
}

/**
 * Serves a simulator over real HTTP on loopback. `node:http` is loaded only when this runs, so
 * importing `seatpay/mock` in a browser bundle pulls in no Node built-in.
 *
 * @example
 * ```ts
 * const server = await startMockServer({ port: 0, subscriptionDelayMs: 20 });
 * await fetch(`${server.url}/v1/payments/plan/personal`, {
 *   headers: { authorization: `Bearer ${server.simulator.users.owner.token}` },
 * });
 * await server.close();
 * ```
 * @category Simulator
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { host = '127.0.0.1', simulator: given, maxBodyBytes, ...rest } = options;
  const port = portNumber(options.port);
  // As `seatpay-mock --port` (newuser17): served there, every seatpay client failed "bad port".
  if (fetchRefusesPort(port))
    throw new RangeError(
      `startMockServer: port ${port} is a port fetch refuses to connect to (a "bad port" in Node and browsers): no client could reach the simulator there; pick another (0, the default, for any free port)`,
    );
  const { createServer } = await loadNodeHttp();
  const simulator = given ?? createSimulator(rest);
  const limit = maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const server = createServer((req, res) => void serve(simulator, req, res, limit));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  return {
    url,
    port: actualPort,
    simulator,
    close: () => stop(server, given ? undefined : simulator),
  };
}

/**
 * The port as a number. From JavaScript a port often comes as text (`process.env.PORT`): Node
 * listens on `'6000'` as on 6000, so it passed the bad-port check unchecked, and it listens on
 * `'abc'` as a pipe, so the url named port `undefined` (newuser18).
 */
function portNumber(port: number | string | undefined): number {
  if (port === undefined) return 0;
  if (typeof port === 'string' && /^\d{1,5}$/.test(port)) return Number(port);
  if (typeof port === 'number') return port;
  throw new RangeError(
    `startMockServer: port must be a whole number from 0 to 65535 (0, the default, for any free port), not ${JSON.stringify(port)}`,
  );
}

/**
 * `node:http`, imported only when a server starts. The specifier is a variable marked for Vite and
 * webpack to skip, because esbuild and webpack refuse a literal `node:` import in a browser build
 * even when it sits in a function that never runs there.
 */
const NODE_HTTP = 'node:http';
const loadNodeHttp = (): Promise<typeof import('node:http')> =>
  import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_HTTP);

async function serve(
  simulator: Simulator,
  req: IncomingMessage,
  res: ServerResponse,
  maxBodyBytes: number,
): Promise<void> {
  try {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...PREFLIGHT_HEADERS, 'x-request-id': requestId() }).end();
      return;
    }
    // Announced too large: refused before a byte of it is read.
    if (Number(req.headers['content-length']) > maxBodyBytes) return tooLarge(req, res);
    const request = await toWebRequest(req, res, simulator, maxBodyBytes);
    if (request === TOO_LARGE) return tooLarge(req, res);
    const response = await simulator.handle(request);
    // An injected reset: the client sees the connection drop with no answer.
    if (isConnectionReset(response)) res.destroy();
    else await writeResponse(res, response, compressionFor(simulator, req));
  } catch (error) {
    if (res.headersSent) res.destroy();
    else
      res
        .writeHead(500, {
          ...CORS_HEADERS,
          'content-type': 'application/json',
          'x-request-id': requestId(),
        })
        .end(
          JSON.stringify({
            detail: `Mock server error: ${(error as Error).message}`,
            status_code: 500,
          }),
        );
  }
}

const TOO_LARGE = Symbol('too large');

/**
 * The web Request of `req`. Its body is read whole before the simulator handles it (a request
 * that fully arrived is processed even if its client then dies), but only for a caller the
 * simulator knows, and at most `max` bytes: a body with no token is never read (the simulator
 * answers 401), a larger one is {@link TOO_LARGE}. Its signal fires when the client goes away (a
 * fault that hangs ends then).
 */
async function toWebRequest(
  req: IncomingMessage,
  res: ServerResponse,
  simulator: Simulator,
  max: number,
): Promise<Request | typeof TOO_LARGE> {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  const signal = gone.signal;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  if (method === 'GET' || method === 'HEAD' || knownCaller(simulator, headers) === false) {
    return withClientGone(new Request(url, { method, headers }), signal);
  }
  const body = await readCapped(req, max);
  if (body === TOO_LARGE) return body;
  return withClientGone(new Request(url, { method, headers, body }), signal);
}

/** `req`'s body, or {@link TOO_LARGE} as soon as it passes `max` bytes (the rest never read). */
async function readCapped(req: IncomingMessage, max: number) {
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of req) {
    received += (chunk as Uint8Array).byteLength;
    if (received > max) return TOO_LARGE;
    chunks.push(chunk as Uint8Array);
  }
  return Buffer.concat(chunks);
}

/** 413, and the connection closed: the rest of the body is never read. */
function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  const detail = 'Request body too large.';
  res
    .writeHead(413, {
      ...CORS_HEADERS,
      'content-type': 'application/json',
      connection: 'close',
      'x-request-id': requestId(),
    })
    .end(JSON.stringify({ detail, status_code: 413 }), () => req.destroy());
}

/** When the profile compresses bodies: above how many bytes, and what the client accepts. */
interface Compression {
  above: number;
  acceptEncoding: string;
}

function compressionFor(simulator: Simulator, req: IncomingMessage): Compression | undefined {
  const above = serverProfile(simulator.profile).compressAbove;
  if (above === null) return undefined;
  return { above, acceptEncoding: String(req.headers['accept-encoding'] ?? '') };
}

async function writeResponse(
  res: ServerResponse,
  response: Response,
  compression: Compression | undefined,
): Promise<void> {
  const headers: Record<string, string> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => (headers[name] = value));
  let body: Uint8Array = new Uint8Array(await response.arrayBuffer());
  if (compression && body.length > compression.above) {
    const packed = await compress(body, compression.acceptEncoding);
    body = packed.body;
    Object.assign(headers, { 'content-encoding': packed.encoding, vary: 'Accept-Encoding' });
  }
  res.writeHead(response.status, headers).end(body);
}

function stop(server: Server, simulator: Simulator | undefined): Promise<void> {
  simulator?.close();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
