// Two machines under one host name (containers given a fixed `hostname`, cloned VMs left as
// `localhost`) sharing a store folder on NFS: each takes its resume locks there. A lock now records
// the boot of the machine that took it, and one of another boot was taken for this machine's
// before it rebooted, its every process gone: the other machine's living upload lost its lock at
// once, and two uploads resumed the one record (its upload name shared, their chunks mixed). Only
// a lock written before this machine booted can be of an earlier boot of it; one written since is
// another machine's, held as long as another machine's lock is (the records' lifetime).
import { readdir, readFile, rm, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileUploadStore } from '../../src/node.js';
import { lockFile, otherMachineLock } from './support/lock-file.js';

let root: string;
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-host-'))));
afterAll(() => rm(root, { recursive: true, force: true }));

const DAY_MS = 24 * 3_600_000;

it.runIf(process.platform === 'linux')(
  "another machine's living lock under this host name is held; an earlier boot's is taken over",
  async () => {
    const dir = join(root, 'same-name');
    const key = 'one-upload';
    const { path } = await lockFile(dir, key);
    const bootedAt = Date.now() - uptime() * 1000;
    // As the other machine writes it: this host name, its own boot, pid 1 of its container.
    const other = await otherMachineLock('0f5e8a44-0000-4000-8000-000000000001');
    for (const at of [Date.now() - 5_000, Date.now()]) {
      await writeFile(path, JSON.stringify({ ...other, at }));
      expect(
        await fileUploadStore(dir).lock!(key),
        `written ${Date.now() - at} ms ago`,
      ).toBeUndefined();
      expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ at });
    }
    // As old as a record lives: abandoned, as any other machine's lock.
    await writeFile(path, JSON.stringify({ ...other, at: Date.now() - 8 * DAY_MS }));
    let release = await fileUploadStore(dir).lock!(key);
    expect(release).toBeTypeOf('function');
    await release!();
    // Written before this machine booted: this machine's, of an earlier boot.
    await lockFile(dir, key);
    await writeFile(path, JSON.stringify({ ...other, at: bootedAt - 60_000 }));
    release = await fileUploadStore(dir).lock!(key);
    expect(release).toBeTypeOf('function');
    await release!();
    expect(await readdir(dir)).toEqual([]);
  },
);
