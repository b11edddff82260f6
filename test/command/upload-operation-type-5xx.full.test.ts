import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';
import { runBin } from './run-bin.js';

// newuser22: a service that answered 503 to the upload's first request (the operation type's
// settings, a read) made `seatpay upload` exit 3, which its help reads "the file may exist: check
// the service for it before uploading it again", for a file of which nothing was sent. It is 1
// (failed, run again), said of the service.

const folder = useTempFolder('seatpay-command-operation-type-5xx-');
const requests: string[] = [];
let service: Server;
let url: string;

beforeAll(async () => {
  service = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ detail: 'down for maintenance' }));
  });
  await new Promise<void>((listening) => service.listen(0, '127.0.0.1', listening));
  url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => service.close(() => closed())));

describe('seatpay upload, the operation type read answered 503', () => {
  it('exits 1 saying nothing of the file was sent, not 3 "the file may exist"', async () => {
    const file = folder.in('talk.bin');
    await writeFile(file, new Uint8Array(300).fill(5));

    const ran = await runBin(['upload', file], {
      SEATPAY_BASE_URL: url,
      SEATPAY_TOKEN: 'test-token-for-503',
      SEATPAY_LOG: 'off',
    });

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stderr).toContain(`nothing of ${file} was sent`);
    expect(ran.stderr).not.toContain('may exist');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.startsWith('GET /v2/media/operationtype/'))).toBe(
      true,
    );
  });
});
