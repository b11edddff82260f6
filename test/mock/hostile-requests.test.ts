import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';

// Issue 26, item 12: the simulator server refuses early what a hostile client sends. A body is
// read only once its request is authenticated, a body past `maxBodyBytes` is 413, and a finalize
// naming more chunks than the simulator holds is refused before anything is allocated. Run alone:
//   npx vitest run test/mock/hostile-requests.test.ts

const CAP = 4096;
let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ maxBodyBytes: CAP });
});
afterAll(() => server?.close());

/** Sends `first`, keeps the request open (or ends it when `end`), resolves with the answer. */
function send(
  path: string,
  headers: Record<string, string>,
  first: Uint8Array | string,
  end: boolean,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.url}${path}`,
      { method: 'POST', headers },
      (response: IncomingMessage) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (piece: string) => (body += piece));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.write(first);
    if (end) request.end();
  });
}

const CHECKOUT = '/v2/payments/consumable/checkout';
const json = { 'content-type': 'application/json' };

describe('the simulator server, against hostile requests', () => {
  it('answers 401 to a body with no token before reading it (the body is still coming)', async () => {
    const answer = await send(CHECKOUT, json, '{"service": "ai-credits", "padding": "', false);
    expect(answer.status).toBe(401);
  });

  it('answers 413 to a body announced larger than maxBodyBytes, unread', async () => {
    const { token } = server.simulator.users.owner;
    const headers = { ...json, authorization: `Bearer ${token}`, 'content-length': `${CAP * 4}` };
    const answer = await send(CHECKOUT, headers, '{"service": "ai-credits"', false);
    expect(answer.status).toBe(413);
  });

  it('answers 413 to a streamed body that grows past maxBodyBytes', async () => {
    const { token } = server.simulator.users.owner;
    const headers = { ...json, authorization: `Bearer ${token}` };
    const answer = await send(CHECKOUT, headers, `{"padding": "${'x'.repeat(CAP * 2)}"}`, true);
    expect(answer.status).toBe(413);
  });

  it('refuses a finalize naming 2^31 - 1 chunks at once, as chunks missing', async () => {
    const { token } = server.simulator.users.owner;
    const headers = { ...json, authorization: `Bearer ${token}` };
    const body = JSON.stringify({
      operation_type: 'proof-of-payment',
      total_chunks: 2 ** 31 - 1,
      filename: 'huge.bin',
      mime: 'image/png',
      meta: '{}',
    });
    const answer = await send('/v2/media/me/chunk/upload', headers, body, true);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/chunks are missing/);
  });
});
