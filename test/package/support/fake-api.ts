import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface FakeApi {
  url: string;
  /** Every request received, so a test can check what the installed client sent. */
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the service that answers `GET /v1/payments/plan/{slug}`: enough for a
 * smoke script to make one real HTTP call through the installed client.
 */
export async function startFakeApi(): Promise<FakeApi> {
  const requests: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
    });
    const plan = /^\/v1\/payments\/plan\/([\w-]+)$/.exec(path);
    response.setHeader('content-type', 'application/json');
    if (request.method !== 'GET' || !plan) {
      response.statusCode = 404;
      response.end(JSON.stringify({ detail: 'Not found.' }));
      return;
    }
    response.end(JSON.stringify({ id: 1, slug: plan[1], title: `The ${plan[1]} plan` }));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
