// A fetch-compatible function over `node:http` / `node:https`, for chunk bodies only (BENCHMARKS.md,
// "A node:http sender for fromPath chunks"). Node's fetch (undici) costs about four times the CPU
// of node:http to stream a request body; this sends the same request with far less.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { piecesOf } from '../core/multipart.js';

const agents = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
};

/** Statuses whose Response must have no body (Fetch, "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Sends a request with `node:http(s)` and resolves with a web `Response`, as `fetch` would: the
 * method, headers (`Content-Length` included) and body, the `signal`, no redirects followed.
 * Failures reject with `TypeError('fetch failed', { cause })` like Node's fetch, so the core
 * classifies them the same way. Only for `http:` and `https:` URLs; anything else goes to the
 * global fetch.
 */
export const httpFetch: typeof fetch = async (input, init = {}) => {
  // The core calls `fetch(url, init)`: reading init as is keeps the body stream the core made
  // (a Request would wrap it in a proxy stream and hide its pieces).
  if (input instanceof Request) return fetch(input, init);
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
  const signal = init.signal ?? new AbortController().signal;
  signal.throwIfAborted();

  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const method = init.method ?? 'GET';
  const body = (init.body ?? null) as ReadableStream<Uint8Array> | null;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const outgoing = send(url, { method, headers, agent: agents[url.protocol] });

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      reject(new TypeError('fetch failed', { cause: error }));
    };
    const onAbort = () => {
      outgoing.destroy(signal.reason as Error);
      if (!settled) {
        settled = true;
        reject(signal.reason);
      }
    };
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', fail);
    outgoing.on('response', (incoming: IncomingMessage) => {
      if (settled) return incoming.destroy();
      settled = true;
      // After the answer, the signal still ends its body (a timeout while reading it).
      signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', () => incoming.destroy(signal.reason as Error), {
        once: true,
      });
      resolve(toResponse(incoming));
    });
    void writeBody(body, outgoing, signal).catch((error: unknown) => {
      outgoing.destroy(error as Error);
      fail(error);
    });
  });
};

type Outgoing = ReturnType<typeof httpRequest>;

/** Writes the body with backpressure: one piece in flight beyond the socket's buffer. */
async function writeBody(
  body: ReadableStream<Uint8Array> | null,
  outgoing: Outgoing,
  signal: AbortSignal,
): Promise<void> {
  if (!body) {
    outgoing.end();
    return;
  }
  const pieces = piecesOf(body);
  if (pieces) {
    // A seatpay multipart body: its pieces are written directly, each read into the same memory
    // once the previous one is written (no garbage per byte sent).
    for await (const piece of pieces(true)) {
      if (signal.aborted || outgoing.destroyed) return;
      await written(outgoing, piece);
    }
    outgoing.end();
    return;
  }
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (signal.aborted || outgoing.destroyed) return;
      if (!outgoing.write(value)) {
        await new Promise<void>((resolve) => {
          const go = () => {
            outgoing.off('drain', go);
            outgoing.off('close', go);
            resolve();
          };
          outgoing.on('drain', go);
          outgoing.on('close', go);
        });
      }
    }
    outgoing.end();
  } finally {
    // Stops the body's source (a file read) when the request ended early.
    await reader.cancel().catch(() => undefined);
  }
}

/** Resolves once `piece` went to the socket, so its memory may be reused. */
function written(outgoing: Outgoing, piece: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    outgoing.write(piece, (error) => (error ? reject(error) : resolve()));
  });
}

function toResponse(incoming: IncomingMessage): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const init = { status, statusText: incoming.statusMessage ?? '', headers };
  if (NULL_BODY.has(status)) {
    incoming.resume();
    return new Response(null, init);
  }
  return new Response(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, init);
}
