// The built package hashes a large upload on its md5 worker thread, from the ES module and the
// CommonJS builds alike: dist/md5-worker.js is emitted and the Node platform finds it beside
// itself. Without that file, an upload that checks its digest rejects (a SeatpayError), it never
// resolves unchecked.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '../..');
let scratch: string;
let installed: string;

/** Uploads a 33 MiB file (fromPath) and the same bytes, checked, against the simulator. */
const script = (load: string) => `
${load}
const { randomFillSync, createHash } = crypto;
const workers = [];
process.on('worker', () => workers.push(1));
const server = await startMockServer({
  operationTypes: { big: { chunk_size: 8 * 1024 * 1024, max_chunks: null } },
});
const client = createClient({ baseUrl: server.url, token: server.simulator.users.owner.token, logLevel: 'off' });
const bytes = randomFillSync(new Uint8Array(33 * 1024 * 1024 + 7));
const path = process.argv[2] + '/talk-' + process.pid + '.mp4';
fs.writeFileSync(path, bytes);
const expected = createHash('md5').update(bytes).digest('hex');
const results = [];
for (const source of [await fromPath(path), bytes]) {
  try {
    const file = await client.media.upload(source, { operation_type: 'big', filename: 'talk.mp4', checkDigest: true });
    results.push({ checked: file.name === expected });
  } catch (error) {
    results.push({ error: error.message, seatpay: error instanceof SeatpayError });
  }
}
await server.close();
console.log(JSON.stringify({ results, workers: workers.length }));
`;

const esm = script(`
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createClient, SeatpayError } from 'seatpay';
import { startMockServer } from 'seatpay/mock';
import { fromPath } from 'seatpay/node';`);

// CommonJS: the same, required, inside an async function (no top-level await).
const cjs = `
const crypto = require('node:crypto');
const fs = require('node:fs');
const { createClient, SeatpayError } = require('seatpay');
const { startMockServer } = require('seatpay/mock');
const { fromPath } = require('seatpay/node');
(async () => {${script('')}})();`;

beforeAll(async () => {
  // The package as installed: package.json and dist/ copied, its dependencies from the repo.
  scratch = await mkdtemp(join(tmpdir(), 'seatpay-md5-dist-'));
  installed = join(scratch, 'node_modules/seatpay');
  await mkdir(installed, { recursive: true });
  await cp(join(repo, 'package.json'), join(installed, 'package.json'));
  await cp(join(repo, 'dist'), join(installed, 'dist'), { recursive: true });
  await symlink(join(repo, 'node_modules'), join(installed, 'node_modules'), 'dir');
  await writeFile(join(scratch, 'upload.mjs'), esm);
  await writeFile(join(scratch, 'upload.cjs'), cjs);
});
afterAll(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

async function upload(file: string) {
  const { stdout } = await run(process.execPath, [join(scratch, file), scratch], { cwd: scratch });
  return JSON.parse(stdout) as {
    results: { checked?: boolean; error?: string; seatpay?: boolean }[];
    workers: number;
  };
}

it.each(['upload.mjs', 'upload.cjs'])(
  '%s: both uploads checked, each hashed on a worker thread',
  async (file) => {
    const { results, workers } = await upload(file);
    expect(results).toEqual([{ checked: true }, { checked: true }]);
    expect(workers).toBe(2);
  },
);

it('without dist/md5-worker.js, both uploads reject with a SeatpayError: never unchecked', async () => {
  const copy = join(scratch, 'missing');
  await cp(join(scratch, 'node_modules'), join(copy, 'node_modules'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  await rm(join(copy, 'node_modules/seatpay/dist/md5-worker.js'));
  await writeFile(join(copy, 'upload.mjs'), esm);
  const { stdout } = await run(process.execPath, [join(copy, 'upload.mjs'), copy], { cwd: copy });
  const { results } = JSON.parse(stdout) as { results: { error?: string; seatpay?: boolean }[] };
  expect(results).toHaveLength(2);
  for (const result of results) {
    expect(result.seatpay).toBe(true);
    expect(result.error).toMatch(/could not be read for its md5, so the upload was not finalized/);
  }
});
