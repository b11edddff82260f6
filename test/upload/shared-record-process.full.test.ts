// Two processes share a resume folder and upload, at once, two different files of one name, size
// and modification time (`a/photo.jpg`, `b/photo.jpg`): one resume key. An upload's name is never
// shared by two sources: each process resolves with exactly its own bytes, as the simulator stored
// them. The second starts only once the first's chunks are at the service (held unanswered), so
// it finds the first's record, written before any chunk was acknowledged.
import { fork } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { requestGate, type RequestGate } from '../support/request-gate.js';
import type { PhotoChildMessage } from './support/photo-child.js';
import { bytesOf, sha256 } from './support/upload-kit.js';

const CHUNK = 4096;
let dir: string;
let server: MockServer;
let gate: RequestGate;
const simulator = createSimulator({
  operationTypes: { photos: { chunk_size: CHUNK, max_chunks: null } },
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-two-processes-'));
  // Chunks are stored at once; their answers wait until the test opens the gate.
  gate = requestGate(simulator, 'POST /v2/media/me/chunk', { hold: 'answer' });
  server = await startMockServer({ simulator: gate.simulator });
});
afterAll(async () => {
  await server?.close();
  simulator.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function runChild(path: string, storeDir: string): Promise<number> {
  const child = fork(
    new URL('./support/photo-child.ts', import.meta.url).pathname,
    [server.url, simulator.users.owner.token, path, storeDir],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  return new Promise((resolve, reject) => {
    child.on('message', (message: PhotoChildMessage) => {
      if (message.kind === 'failed') reject(new Error(`the child failed: ${message.error}`));
      else resolve(message.fileId);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the child exited (${code}) without an answer`)));
  });
}

it('a/photo.jpg and b/photo.jpg, uploaded at once by two processes on one folder: each stored whole', async () => {
  const storeDir = join(dir, 'uploads');
  const sources = { a: bytesOf(10 * CHUNK - 5), b: bytesOf(10 * CHUNK - 5) };
  const mtime = new Date('2026-01-02T03:04:05Z');
  for (const [folder, bytes] of Object.entries(sources)) {
    await mkdir(join(dir, folder));
    await writeFile(join(dir, folder, 'photo.jpg'), bytes);
    await utimes(join(dir, folder, 'photo.jpg'), mtime, mtime);
  }
  gate.open(0);
  const first = runChild(join(dir, 'a', 'photo.jpg'), storeDir);
  await gate.held(2); // the first's record is written, its first chunks stored, none answered
  const second = runChild(join(dir, 'b', 'photo.jpg'), storeDir);
  await gate.held(4);
  gate.open(undefined);
  const [a, b] = await Promise.all([first, second]);
  expect(sha256(simulator.fileBytes(a))).toBe(sha256(sources.a));
  expect(sha256(simulator.fileBytes(b))).toBe(sha256(sources.b));
}, 60_000);
