// review21b: fromPath checks before and after each chunk's read that the file is the one it opened
// (size, modification time, inode, device, change time: redteam48), the inode and device read as
// Numbers. An NTFS volume's or a network file system's file ids are 64 bits: past 2^53 the id of
// a file renamed over the one opened (a sync tool's `rsync -t`, its modification time kept) rounds
// to the same Number, and on such a file system, whose change times are as coarse as its
// modification times, the rest of the upload read the other file and resolved with a file of
// both. Node's own stat here, with the ids and change time such a file system gives.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UploadSourceError, createClient } from '../../src/index.js';
import { createSimulator, startMockServer } from '../../src/mock/index.js';
import { fromPath } from '../../src/node.js';
import { requestGate } from '../support/request-gate.js';
import { bytesOf } from './support/upload-kit.js';

const CHUNK = 64 * 1024;
const NAME = 'big-ids.bin';
/** The opened file's id, then the id of the file renamed over it: one Number apart from 2^53 on. */
const IDS = { opened: 2n ** 60n + 1n, renamedOver: 2n ** 60n + 2n };
const fake = vi.hoisted(() => ({ renamed: false, ctime: undefined as unknown }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const stat = (async (path: string, options?: { bigint?: boolean }) => {
    const found = await real.stat(path, options);
    if (basename(String(path)) !== NAME) return found;
    const id = fake.renamed ? IDS.renamedOver : IDS.opened;
    // Change times kept to the opened file's, bigint or Number as asked.
    const times = (((fake.ctime as Record<string, unknown> | undefined) ??= {})[
      String(!!options?.bigint)
    ] ??= { ctimeMs: found.ctimeMs, ctimeNs: (found as { ctimeNs?: bigint }).ctimeNs });
    return Object.assign(found, times, { ino: options?.bigint ? id : Number(id) });
  }) as typeof real.stat;
  const mocked = { ...real, stat };
  return { ...mocked, default: mocked };
});

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-big-ids-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('fromPath on a file system of 64-bit file ids', () => {
  it('tells a file renamed over the one opened, its id differing past 2^53', async () => {
    const path = join(dir, NAME);
    await writeFile(path, bytesOf(4 * CHUNK));
    const simulator = createSimulator({
      operationTypes: { chunky: { chunk_size: CHUNK, max_chunks: null } },
      mediaProcessingDelayMs: 0,
    });
    const gate = requestGate(simulator, 'POST /v2/media/me/chunk', { hold: 'answer' });
    const server = await startMockServer({ simulator: gate.simulator });
    try {
      const client = createClient({ baseUrl: server.url, token: simulator.users.owner.token });
      gate.open(1); // chunk 0 answered; chunk 1 stored, its answer held
      const upload = client.media.upload(await fromPath(path), {
        operation_type: 'chunky',
        concurrency: 1,
      });
      await gate.held(1);
      const other = `${path}.other`;
      await writeFile(
        other,
        bytesOf(4 * CHUNK).map((byte) => byte ^ 0xff),
      );
      execFileSync('touch', ['-r', path, other]); // its modification time the opened file's
      await rename(other, path);
      fake.renamed = true;
      gate.open(undefined);
      const failed = await upload.then(
        (file) => file,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(UploadSourceError);
      expect((failed as Error).message).toMatch(/changed after fromPath opened it/);
      const state = await fetch(`${server.url}/__mock/state`, {
        headers: { authorization: `Bearer ${simulator.users.owner.token}` },
      });
      expect(((await state.json()) as { files: unknown[] }).files).toEqual([]); // none finalized
    } finally {
      gate.open(undefined);
      await server.close();
    }
  });
});
