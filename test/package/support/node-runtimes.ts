import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { installCached } from './install-cached.js';
import { repoRoot } from './pack-and-install.js';

const exec = promisify(execFile);

/** The Node majors the package promises to work on (engines: >=22): the oldest and the newest. */
export const NODE_MAJORS = [24, 22] as const;
export type NodeMajor = (typeof NODE_MAJORS)[number];

/**
 * The path of a Node binary of that major. Node 24 is the one running this test (the repository's
 * `node` dev dependency). Node 22 comes from the npm package `node@22`, installed once into
 * .tmp/node22 and reused: as a dev dependency its `node` bin would replace the repository's.
 */
export async function nodeBinary(major: NodeMajor): Promise<string> {
  if (major === 24) return process.execPath;
  const dir = join(repoRoot, '.tmp', 'node22');
  const binary = join(dir, 'node_modules', 'node', 'bin', 'node');
  await installCached(dir, ['node@22'], () => isMajor(binary, 22));
  if (!(await isMajor(binary, 22))) {
    throw new Error(`${binary} is not a Node 22 after installing node@22`);
  }
  return binary;
}

async function isMajor(binary: string, major: number): Promise<boolean> {
  try {
    const { stdout } = await exec(binary, ['-v']);
    return stdout.startsWith(`v${major}.`);
  } catch {
    return false;
  }
}
