import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';

// redteam54: `seatpay upload` refuses a file named twice by comparing each path's device and inode
// (redteam51), read as Numbers. An NTFS volume's or a network file system's file ids are 64 bits:
// past 2^53 two files' ids round to one Number, and `seatpay upload one.bin two.bin` was refused
// as "the same file". Node's own stat here, with the file ids such a file system gives.

/** Two file ids above 2^53 that differ only below the precision of a double. */
const FILE_IDS: Record<string, bigint> = {
  'one.bin': 2n ** 60n + 1n,
  'two.bin': 2n ** 60n + 2n,
};

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  // What Node gives on such a file system: the id whole as a bigint, rounded as a Number.
  const stat = (async (path: string, options?: { bigint?: boolean }) => {
    const found = await real.stat(path, options);
    const id = FILE_IDS[basename(String(path))];
    if (id === undefined) return found;
    return Object.assign(found, { ino: options?.bigint ? id : Number(id) });
  }) as typeof real.stat;
  const mocked = { ...real, stat };
  return { ...mocked, default: mocked };
});

const server = useMockServer({
  mediaProcessingDelayMs: 0,
  operationTypes: { tiny: { chunk_size: 100, max_chunks: 5 } },
});
const folder = useTempFolder('seatpay-command-big-inodes-');

describe('seatpay upload on a file system of 64-bit file ids', () => {
  it('uploads two files whose ids differ past 2^53, and still refuses one named twice', async () => {
    const one = folder.in('one.bin');
    const two = folder.in('two.bin');
    await writeFile(one, new Uint8Array(200).fill(1));
    await writeFile(two, new Uint8Array(300).fill(2));
    const env = {
      SEATPAY_BASE_URL: server().url,
      SEATPAY_TOKEN: server().simulator.users.owner.token,
      SEATPAY_LOG: 'off',
    };
    const ran = await runInProcess(['upload', one, two, '--operation-type', 'tiny'], env);
    expect(ran.stderr).not.toMatch(/same file/);
    expect(ran.code, ran.stderr).toBe(0);
    const state = await fetch(`${server().url}/__mock/state`, {
      headers: { authorization: `Token ${server().simulator.users.owner.token}` },
    });
    const { files } = (await state.json()) as { files: Array<{ filename: string }> };
    expect(files.map(({ filename }) => filename)).toEqual([
      expect.stringMatching(/one/),
      expect.stringMatching(/two/),
    ]);

    const twice = await runInProcess(['upload', one, `${folder.dir}/./one.bin`], env);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/are the same file: name it once/);
  });
});
