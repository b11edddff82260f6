// The resume locks of a fileUploadStore as files a test rewrites: as another machine under this
// host name (a cloned VM, a container's fixed `hostname`) sharing the folder would write them.
import { readdir, readlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { fileUploadStore } from '../../../src/node.js';

/** Takes `key`'s lock in `dir`; gives its file, to be overwritten as a test says, and its release. */
export async function lockFile(dir: string, key: string) {
  const release = await fileUploadStore(dir).lock!(key);
  expect(release).toBeTypeOf('function');
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
  return { path: join(dir, name!), release: release! };
}

/**
 * A lock as another machine under this host name writes it, of its own `boot`: pid 1 of its
 * container, in a pid namespace whose number is this one's (they are numbered alike on every
 * machine). Linux only (/proc).
 */
export async function otherMachineLock(boot: string) {
  return {
    pid: 1,
    host: hostname(),
    run: 'other-machine',
    started: '25',
    boot,
    space: await readlink('/proc/self/ns/pid'),
    nonce: 'n',
  };
}
