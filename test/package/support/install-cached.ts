import { execFile } from 'node:child_process';
import { mkdir, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * Installs npm `specs` into `dir` (a cache under .tmp/, reused by later runs), replacing what was
 * there. Installed beside, then renamed: a run interrupted mid-install leaves no half-made cache,
 * and when another run finished first, its copy is as good as ours. Install scripts run (Node's
 * package fetches its binary in one, toolchain.md §1).
 */
export async function installCached(dir: string, specs: string[]): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const staging = `${dir}.install-${process.pid}`;
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
