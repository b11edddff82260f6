import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';
import { runBin } from './run-bin.js';

// newuser22: `seatpay upload talk.mp4 --resume-dir notes.txt` (a file, not a folder) uploaded the
// file with a warning that it "cannot be resumed", exit 0: the user who asked for a resumable
// upload got one that was not. It is a usage mistake, refused before anything is sent.

const folder = useTempFolder('seatpay-command-resume-dir-file-');
const requests: string[] = [];
let service: Server;
let url: string;

beforeAll(async () => {
  // Any request that reaches it is one too many: it answers 503 and is counted.
  service = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(503).end();
  });
  await new Promise<void>((listening) => service.listen(0, '127.0.0.1', listening));
  url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => service.close(() => closed())));

describe('seatpay upload --resume-dir <a file>', () => {
  it('exits 2 saying a folder is needed, with nothing sent and the file untouched', async () => {
    const file = folder.in('talk.bin');
    const notFolder = folder.in('notes.txt');
    await writeFile(file, new Uint8Array(300).fill(7));
    await writeFile(notFolder, 'my notes\n');

    const ran = await runBin(['upload', file, '--resume-dir', notFolder], {
      SEATPAY_BASE_URL: url,
      SEATPAY_TOKEN: 'test-token-for-resume-dir',
      SEATPAY_LOG: 'off',
    });

    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(`--resume-dir ${notFolder} is a file, not a folder`);
    expect(ran.stderr).toContain('give a folder');
    expect(requests, 'requests that reached the service').toEqual([]);
    expect(await readFile(notFolder, 'utf8')).toBe('my notes\n');
  });
});
