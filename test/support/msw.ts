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
  server.events.on('request:start', async ({ request }) => {
    seen.push(await describe(request.clone()));
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
  return { server, seen };
}

async function describe(request: Request): Promise<SeenRequest> {
  const url = new URL(request.url);
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
    body = text ? JSON.parse(text) : undefined;
  }
  return {
    method: request.method,
    path: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    body,
  };
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
  return http[verb](BASE_URL + path, () => HttpResponse.json(body, init));
}
