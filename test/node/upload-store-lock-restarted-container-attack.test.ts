// A container restarted (docker restart, a crash under `restart: always`) keeps its host name and
// its machine's boot, but its program runs in a new pid namespace: the resume lock its killed run
// left names a namespace numbered apart, and was judged as a sibling container's on the host
// network, held for as long as a record lives (7 days): every upload under that key went on without
// resume for a week, the very defect a container restart caused before locks named their pid. A
// lock of another namespace of this boot is now alive while its holder touches it (every minute)
// and taken over once untouched for ten; one it touches stays held.
import { mkdtemp, readdir, readFile, readlink, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileUploadStore } from '../../src/node.js';

let root: string;
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-restart-'))));
afterAll(() => rm(root, { recursive: true, force: true }));

const MINUTE_MS = 60_000;

/** Takes `key`'s lock in `dir` and gives its file, to be overwritten as the test says. */
async function lockFile(dir: string, key: string): Promise<string> {
  const release = await fileUploadStore(dir).lock!(key);
  expect(release).toBeTypeOf('function');
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
  return join(dir, name!);
}

it.runIf(process.platform === 'linux')(
  "a killed run's lock in a restarted container: taken over once untouched for ten minutes",
  async () => {
    const dir = join(root, 'restarted');
    const key = 'one-upload';
    const path = await lockFile(dir, key);
    const ours = JSON.parse(await readFile(path, 'utf8')) as { boot?: string; space?: string };
    expect(ours.space).toBe(await readlink('/proc/self/ns/pid'));
    // As the killed run wrote it: pid 1 of its container, this host name and boot, its own
    // namespace, touched every minute while it lived.
    const killed = {
      pid: 1,
      host: hostname(),
      at: Date.now() - 30 * MINUTE_MS,
      run: 'killed-run',
      started: '4211',
      boot: ours.boot,
      space: 'pid:[4026532871]',
      beat: MINUTE_MS,
      nonce: 'n',
    };
    await writeFile(path, JSON.stringify(killed));
    // Touched a minute ago: its holder may be alive in a container beside this one.
    const aMinuteAgo = new Date(Date.now() - MINUTE_MS);
    await utimes(path, aMinuteAgo, aMinuteAgo);
    expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ run: 'killed-run' });
    // Untouched for eleven minutes: its holder is gone, the lock is taken over.
    const elevenAgo = new Date(Date.now() - 11 * MINUTE_MS);
    await utimes(path, elevenAgo, elevenAgo);
    const release = await fileUploadStore(dir).lock!(key);
    expect(release).toBeTypeOf('function');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ space: ours.space });
    await release!();
  },
);

it.runIf(process.platform === 'linux')(
  "another namespace's lock that does not say it is touched, or of another boot, keeps its rule",
  async () => {
    const dir = join(root, 'untold');
    const key = 'one-upload';
    const path = await lockFile(dir, key);
    const ours = JSON.parse(await readFile(path, 'utf8')) as { boot?: string };
    const elevenAgo = new Date(Date.now() - 11 * MINUTE_MS);
    const base = { pid: 1, host: hostname(), run: 'r', space: 'pid:[4026532871]', nonce: 'n' };
    for (const owner of [
      { ...base, boot: ours.boot }, // no beat: nothing says an untouched lock is a dead one
      { ...base, beat: MINUTE_MS }, // no boot: cannot be told to be this machine's
    ]) {
      await writeFile(path, JSON.stringify({ ...owner, at: Date.now() - 30 * MINUTE_MS }));
      await utimes(path, elevenAgo, elevenAgo);
      expect(await fileUploadStore(dir).lock!(key), JSON.stringify(owner)).toBeUndefined();
    }
  },
);
