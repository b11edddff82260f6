import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to one answer, on top of whatever the service behind it did.
 * - 'truncate': the status and headers as they came (with the full Content-Length), half the
 *   body, then the connection drops: the answer is cut in transit.
 * - 'replace': a complete, well-framed answer with this body (and status / content type, which
 *   default to the real ones): a body that is not JSON, JSON cut short by the server itself, a
 *   body that breaks the schema.
 * - 'content-type': the real answer under another Content-Type.
 */
export type ProxyFault =
  | { kind: 'truncate' }
  | { kind: 'replace'; body: string; status?: number; contentType?: string }
  | { kind: 'content-type'; contentType: string };

export interface FaultProxy {
  /** The base URL to give a client instead of the service's. */
  url: string;
  /** Applies `fault` to the next `times` requests on `route` ("METHOD /concrete/path"). */
  inject(route: string, fault: ProxyFault, times?: number): void;
  clear(): void;
  /** Requests seen so far, per "METHOD /path". */
  seen(route: string): number;
  close(): Promise<void>;
}

interface Armed {
  route: string;
  fault: ProxyFault;
  remaining: number;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length'];

/** A node:http proxy on 127.0.0.1 in front of `target` (a loopback base URL). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let armed: Armed[] = [];
  const seen = new Map<string, number>();

  const take = (route: string): ProxyFault | undefined => {
    const hit = armed.find((entry) => entry.route === route);
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) armed = armed.filter((entry) => entry !== hit);
    return hit.fault;
  };

  const server = createServer((req, res) => {
    const route = `${req.method ?? 'GET'} ${new URL(req.url ?? '/', target).pathname}`;
    seen.set(route, (seen.get(route) ?? 0) + 1);
    void forward(upstream, req, res, take(route));
  });
  // A client that gives up (a timeout) closes its socket; that is expected, never a test failure.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    inject: (route, fault, times = 1) => armed.push({ route, fault, remaining: times }),
    clear: () => {
      armed = [];
    },
    seen: (route) => seen.get(route) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function forward(
  upstream: URL,
  req: IncomingMessage,
  res: ServerResponse,
  fault: ProxyFault | undefined,
): Promise<void> {
  res.on('error', () => undefined);
  req.on('error', () => undefined);
  try {
    const body = await readAll(req);
    const answer = await send(upstream, req, body, res);
    reply(res, answer, fault);
  } catch {
    // The service dropped the connection (an injected reset) or the client left: drop ours too.
    res.destroy();
  }
}

interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(
  upstream: URL,
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host, 'content-length': String(body.length) },
      },
      (incoming) => {
        readAll(incoming).then(
          (data) =>
            resolve({ status: incoming.statusCode ?? 502, headers: incoming.headers, body: data }),
          reject,
        );
      },
    );
    outgoing.on('error', reject);
    // The service may still be working (injected latency) when the client gives up: it finishes
    // what it took, as a real service would, but the proxy stops waiting for it and, as a reverse
    // proxy does, closes the connection it opened for it (a lost answer's hang ends with it).
    res.once('close', () => {
      reject(new Error('client gone'));
      outgoing.destroy();
    });
    outgoing.end(body);
  });
}

function reply(res: ServerResponse, answer: UpstreamAnswer, fault: ProxyFault | undefined): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !HOP_BY_HOP.includes(name)) headers[name] = value;
  }
  if (fault?.kind === 'truncate') {
    const half = answer.body.subarray(0, Math.floor(answer.body.length / 2));
    res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
    res.write(half, () => res.destroy());
    return;
  }
  let status = answer.status;
  let body = answer.body;
  if (fault?.kind === 'replace') {
    status = fault.status ?? status;
    body = Buffer.from(fault.body);
    if (fault.contentType) headers['content-type'] = fault.contentType;
  }
  if (fault?.kind === 'content-type') headers['content-type'] = fault.contentType;
  res.writeHead(status, { ...headers, 'content-length': String(body.length) }).end(body);
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
