import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createClient, type ClientOptions } from '../../src/index.js';

export const BASE_URL = 'https://api.seatpay.test';
export const TOKEN = 'tok_live_secret_0123456789';

/** One request as the service saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** An msw server for a test file, reset after each test, failing on any request no handler answers. */
export function useMockService() {
  const server = setupServer();
  const seen: SeenRequest[] = [];
  const reading: Promise<void>[] = [];
  // Recorded synchronously, so a request always lands in the test that sent it; the body follows.
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SeenRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      body: undefined,
    };
    seen.push(entry);
    reading.push(readBody(request.clone()).then((body) => void (entry.body = body)));
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    await Promise.allSettled(reading.splice(0));
    seen.length = 0;
  });
  afterAll(() => server.close());
  drains.set(seen, async () => {
    server.use(http.head(BASE_URL + DRAIN, () => new HttpResponse(null, { status: 204 })));
    await fetch(BASE_URL + DRAIN, { method: 'HEAD' });
    for (let at = seen.length - 1; at >= 0; at--) if (seen[at]!.path === DRAIN) seen.splice(at, 1);
  });
  return { server, seen, settled: () => Promise.allSettled(reading) };
}

const DRAIN = '/__seatpay-test-drain';
const drains = new WeakMap<SeenRequest[], () => Promise<void>>();

/**
 * Resolves once every request started before the call has been recorded in `seen` (a service's of
 * {@link useMockService}): msw records each request as it handles it, in the order they come, so
 * once a request sent now has been answered, any sent before it is in `seen`. Its own is not.
 */
export async function recordedSoFar(seen: SeenRequest[]): Promise<SeenRequest[]> {
  const drain = drains.get(seen);
  if (!drain) throw new Error('recordedSoFar: give the `seen` of a useMockService()');
  await drain();
  return seen;
}

/**
 * An msw server for a test file that answers with `handlers` in every test (they stay between
 * tests: nothing is reset), failing on any request no handler answers. For a file whose service
 * is one fixed set of answers; {@link useMockService} records requests and resets per test.
 */
export function useMockHandlers(...handlers: Parameters<typeof setupServer>) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  return server;
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  let body: unknown;
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    body = Object.fromEntries(
      [...form.entries()].map(([k, v]) => [
        k,
        typeof v === 'string' ? v : { size: v.size, name: (v as File).name },
      ]),
    );
  } else {
    const text = await request.text();
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
  }
  return body;
}

/** A client against the msw service with fast retries. */
export function testClient(options: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: BASE_URL,
    token: TOKEN,
    retryBaseDelay: 1,
    logLevel: 'off',
    ...options,
  });
}

/** A handler answering `status` with `body` (JSON) for `METHOD /path`. */
export function answer(
  route: string,
  body: JsonBodyType,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  const [method, path] = route.split(' ') as [string, string];
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  // The body is read before answering: msw closes an unread streamed body, and the recorder needs it.
  return http[verb](BASE_URL + path, async ({ request }) => {
    await request.arrayBuffer();
    return HttpResponse.json(body, init);
  });
}
