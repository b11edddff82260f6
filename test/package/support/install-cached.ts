import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * Installs npm `specs` into `dir` (a cache under .tmp/, reused by later runs) unless `usable()`
 * says the cache already works. Installed beside, then renamed: `dir` is whole or absent, and a
 * run interrupted mid-install leaves no half-made cache. Two test workers may install at once on
 * a fresh clone: whichever renames first wins and the other drops its copy, and a `dir` is moved
 * aside only when it is there and still unusable once looked at again (it once was removed up
 * front, which could take the other worker's fresh install from under it). Install scripts run
 * (Node's package fetches its binary in one, toolchain.md §1).
 */
export async function installCached(
  dir: string,
  specs: string[],
  usable: () => Promise<boolean>,
): Promise<void> {
  if (await usable()) return;
  if (existsSync(dir) && !(await usable())) {
    const aside = `${dir}.stale-${randomUUID()}`;
    await rename(dir, aside).catch(() => undefined);
    await rm(aside, { recursive: true, force: true });
  }
  const staging = `${dir}.install-${randomUUID()}`;
  await mkdir(staging, { recursive: true });
  await exec('npm', [
    'install',
    '--prefix',
    staging,
    '--no-save',
    '--no-audit',
    '--no-fund',
    ...specs,
  ]);
  await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }));
}
