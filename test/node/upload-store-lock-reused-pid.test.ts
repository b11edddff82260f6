// A container restarts its program with the pid (often 1) and host name the killed one had. The
// resume lock the killed process left then names a process that is alive: the restarted program
// itself, or (its pids shifted by what it starts first) another of its processes. Judged by pid and
// host alone, that lock was never abandoned, so every upload under its key went on without
// resume, for good (a lock file is never pruned). A lock tells this process from an earlier one
// with its pid, and (Linux) any process from a later one given its pid; living owners stay held.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileUploadStore } from '../../src/node.js';

let root: string;
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-pid-'))));
afterAll(() => rm(root, { recursive: true, force: true }));

/** Takes `key`'s lock in `dir` and gives its file, as a killed process would leave it. */
async function leftLock(dir: string, key: string): Promise<string> {
  expect(await fileUploadStore(dir).lock!(key)).toBeTypeOf('function');
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
  return join(dir, name!);
}

it.each([
  ['written by an earlier version (no run id)', {}],
  ['written by an earlier run with this pid', { run: 'an-earlier-run' }],
])(
  'a lock left by an earlier process with this very pid and host, %s, is taken over',
  async (_, extra) => {
    const dir = join(root, `earlier-${Object.keys(extra).length}`);
    const key = 'one-upload';
    const path = await leftLock(dir, key);
    // The killed program's lock: same host, same pid (the restarted program got it back).
    const left = {
      pid: process.pid,
      host: hostname(),
      at: Date.now() - 5_000,
      nonce: 'n',
      ...extra,
    };
    await writeFile(path, JSON.stringify(left));

    const release = await fileUploadStore(dir).lock!(key);
    expect(release).toBeTypeOf('function');
    // It is this process's lock now: another store in this process is told it is held.
    expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
    await release!();
    expect(await readdir(dir)).toEqual([]);
  },
);

it("this process's own lock, taken by another store, stays held", async () => {
  const dir = join(root, 'own');
  const release = await fileUploadStore(dir).lock!('one-upload');
  expect(release).toBeTypeOf('function');
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
  const text = await readFile(join(dir, name!), 'utf8');
  expect(await fileUploadStore(dir).lock!('one-upload')).toBeUndefined();
  // Untouched by the refused taker.
  expect(await readFile(join(dir, name!), 'utf8')).toBe(text);
  await release!();
});

/** A living process that is not this one, for as long as `use` runs. */
async function withOtherProcess(use: (pid: number) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], {
    stdio: 'ignore',
  });
  await once(child, 'spawn');
  try {
    await use(child.pid!);
  } finally {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
}

/** When `pid` started, as Linux's /proc says (field 22 of its stat). */
async function startOf(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

it.runIf(process.platform === 'linux')(
  'a lock whose pid a later, living process was given is taken over; the living owner keeps its own',
  async () => {
    await withOtherProcess(async (pid) => {
      const dir = join(root, 'pid-given-again');
      const key = 'one-upload';
      const path = await leftLock(dir, key);
      const started = await startOf(pid);
      const owner = { pid, host: hostname(), at: Date.now(), run: 'r', nonce: 'n' };

      // Its own lock (the same start): held.
      await writeFile(path, JSON.stringify({ ...owner, started }));
      expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();

      // A lock a process that started at another time left under that pid: taken over.
      await writeFile(path, JSON.stringify({ ...owner, started: String(Number(started) - 1) }));
      const release = await fileUploadStore(dir).lock!(key);
      expect(release).toBeTypeOf('function');
      await release!();
      expect(await readdir(dir)).toEqual([]);
    });
  },
);

it.runIf(process.platform === 'linux')(
  'a lock of another pid namespace under this host name (containers on the host network) is held until it is as old as a record lives',
  async () => {
    const dir = join(root, 'other-namespace');
    const key = 'one-upload';
    const path = await leftLock(dir, key);
    // Its pid is no process here, and this very pid, alike: neither says anything of the other
    // namespace's process.
    for (const pid of [process.pid, 2 ** 22 + 7]) {
      const owner = { pid, host: hostname(), run: 'r', nonce: 'n', space: 'pid:[1]' };
      await writeFile(path, JSON.stringify({ ...owner, at: Date.now() - 5_000 }));
      expect(await fileUploadStore(dir).lock!(key), `pid ${pid}`).toBeUndefined();
      // Older than the records live (7 days): abandoned, as another machine's would be.
      await writeFile(path, JSON.stringify({ ...owner, at: Date.now() - 8 * 24 * 3_600_000 }));
      const release = await fileUploadStore(dir).lock!(key);
      expect(release, `pid ${pid}`).toBeTypeOf('function');
      await release!();
      await leftLock(dir, key);
    }
  },
);

// After a reboot or a container's restart, the dead owner's pid may belong to another user's
// process (root's, a service's): asking after it fails with EPERM, not ESRCH. That answer was
// taken for "its owner lives" and the lock was held for good, whatever the process's start said.
it.runIf(process.platform === 'linux' && process.getuid?.() === 0)(
  "a lock whose pid another user's living process was given is taken over; that user's own lock stays held",
  async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], {
      stdio: 'ignore',
      uid: 1234,
      gid: 1234,
    });
    await once(other, 'spawn');
    const dir = join(root, 'pid-of-another-user');
    const key = 'one-upload';
    try {
      const path = await leftLock(dir, key);
      const started = await startOf(other.pid!);
      const owner = { pid: other.pid!, host: hostname(), at: Date.now(), run: 'r', nonce: 'n' };
      // This test runs as root, who may ask after any process: it asks as an unprivileged user.
      await chmod(root, 0o755);
      await chmod(dir, 0o777);
      const asNobody = async <T>(work: () => Promise<T>): Promise<T> => {
        process.seteuid!(65534);
        try {
          return await work();
        } finally {
          process.seteuid!(0);
        }
      };

      await writeFile(path, JSON.stringify({ ...owner, started }));
      expect(await asNobody(() => fileUploadStore(dir).lock!(key))).toBeUndefined();

      await writeFile(path, JSON.stringify({ ...owner, started: String(Number(started) - 1) }));
      const release = await asNobody(() => fileUploadStore(dir).lock!(key));
      expect(release).toBeTypeOf('function');
      await asNobody(() => release!());
      expect(await readdir(dir)).toEqual([]);
    } finally {
      other.kill('SIGKILL');
      await once(other, 'exit');
    }
  },
);

// A worker thread has this process's pid but a global object, so a run id, of its own: the lock
// of the main thread's living upload looked to it like one an earlier process with this pid had
// left, and it took it over. Two holders: one upload resumed twice at once.
it.each([
  ['as Linux writes it', false],
  ['as written where there is no /proc (no start, boot or pid namespace)', true],
])(
  "a worker thread of this process leaves the main thread's living lock held, %s",
  async (_, noProc) => {
    const dir = join(root, `worker-thread-${noProc}`);
    const key = 'one-upload';
    const release = await fileUploadStore(dir).lock!(key);
    expect(release).toBeTypeOf('function');
    const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
    const path = join(dir, name!);
    const text = await readFile(path, 'utf8');
    if (noProc) {
      const {
        started: _s,
        boot: _b,
        space: _p,
        ...written
      } = JSON.parse(text) as object & {
        started?: string;
        boot?: string;
        space?: string;
      };
      await writeFile(path, JSON.stringify(written));
    }
    const worker = new Worker(new URL('./support/upload-lock-in-worker.ts', import.meta.url), {
      workerData: { dir, key },
      execArgv: ['--import', 'tsx'],
    });
    try {
      const [workerHolds] = (await once(worker, 'message')) as [boolean];
      expect(workerHolds).toBe(false);
    } finally {
      await worker.terminate();
    }
    if (noProc) await writeFile(path, text); // its release removes only its own text
    await release!();
    expect(await readdir(dir)).toEqual([]);
  },
);

// A start in ticks since boot names a process within one boot only: a service started at boot
// may have the same pid at the same tick the next time, and the lock its run before the reboot
// left would look held by it.
it.runIf(process.platform === 'linux')(
  'a lock of an earlier boot is taken over, even if its pid and start match a living process',
  async () => {
    await withOtherProcess(async (pid) => {
      const dir = join(root, 'earlier-boot');
      const key = 'one-upload';
      const path = await leftLock(dir, key);
      const owner = { pid, host: hostname(), at: Date.now(), run: 'r', nonce: 'n' };
      const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
      // This boot's: held by the living process.
      await writeFile(path, JSON.stringify({ ...owner, started: await startOf(pid), boot }));
      expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
      // An earlier boot's (written before this one began): its process is gone, whatever now
      // has its pid.
      const before = Date.now() - uptime() * 1000 - 60_000;
      const earlier = {
        ...owner,
        at: before,
        started: await startOf(pid),
        boot: 'an-earlier-boot',
      };
      await writeFile(path, JSON.stringify(earlier));
      const release = await fileUploadStore(dir).lock!(key);
      expect(release).toBeTypeOf('function');
      await release!();
      expect(await readdir(dir)).toEqual([]);
    });
  },
);

// An uploader that was killed but whose parent never waits for it (a container's first process
// does not reap the orphans it inherits) stays a zombie: its pid exists, with its very start, so
// its lock looked held by a living owner for as long as that parent ran.
it.runIf(process.platform === 'linux')(
  'a lock whose process exited but was never reaped (a zombie) is taken over',
  async () => {
    // `sh` starts a short child, then becomes `sleep`, which never waits for it.
    const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const [said] = (await once(parent.stdout!, 'data')) as [Buffer];
      const pid = Number(String(said).trim());
      const started = await startOf(pid);
      const state = async () => {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      };
      // Its exit is an event of its own: waited for by polling its state, no time budget.
      while ((await state()) !== 'Z') await new Promise((resolve) => setTimeout(resolve, 10));
      const dir = join(root, 'zombie');
      const key = 'one-upload';
      const path = await leftLock(dir, key);
      const owner = { pid, host: hostname(), at: Date.now(), run: 'r', nonce: 'n' };
      await writeFile(path, JSON.stringify({ ...owner, started }));
      const release = await fileUploadStore(dir).lock!(key);
      expect(release).toBeTypeOf('function');
      await release!();
      expect(await readdir(dir)).toEqual([]);
    } finally {
      parent.kill('SIGKILL');
      await once(parent, 'exit');
    }
  },
);
