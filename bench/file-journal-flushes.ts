// What one keyed `consumables.checkout` with `fileJournal` asks of SQLite and of the disk (issue
// 37, flushcost): per call, the SQLite statements it runs (reads, writes: each write one commit),
// the flushes fileJournal itself asks for (fdatasync of the write-ahead log, off the event loop),
// and, run under strace, every flush and write the process makes, SQLite's own checkpoints
// included. Then `--concurrency` keyed calls at once: flushes per call and rows (keys) per second.
//
//   npx tsx bench/file-journal-flushes.ts [--calls 400] [--concurrency 1,4,8] [--root <checkout>]
//   strace -f -c -e trace=fdatasync,fsync,pwrite64,write,fcntl,newfstatat -o <file> \
//     npx tsx bench/file-journal-flushes.ts --mark
//
// `--mark` stats `/seatpay-mark-<phase>` (a path that does not exist) at each phase's start and end:
// in an `strace -f` log (without -c) the syscalls between two marks are that phase's.
import fs, { statSync } from 'node:fs';
import { open, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { StatementSync } from 'node:sqlite';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '1,4,8' },
    root: { type: 'string' },
    mark: { type: 'boolean', default: false },
  },
});
const CALLS = Number(values.calls);
const root = resolve(values.root ?? new URL('..', import.meta.url).pathname);

const counts = { reads: 0, writes: 0, datasyncs: 0 };
for (const method of ['run', 'get', 'all'] as const) {
  const original = StatementSync.prototype[method] as (...args: unknown[]) => unknown;
  Object.defineProperty(StatementSync.prototype, method, {
    value(this: StatementSync, ...args: unknown[]) {
      if (method === 'run') counts.writes++;
      else counts.reads++;
      return original.apply(this, args);
    },
  });
}
// fileJournal's flushes: fs.fdatasync of the log's descriptor (wal-flush.ts, filecost15), counted
// on `fs`, and FileHandle.datasync (a `--root` checkout before filecost15), on its prototype.
{
  const handle = await open(new URL(import.meta.url).pathname, 'r');
  const proto = Object.getPrototypeOf(handle) as { datasync: () => Promise<void> };
  await handle.close();
  const datasync = proto.datasync;
  proto.datasync = function (this: unknown) {
    counts.datasyncs++;
    return datasync.call(this);
  };

  const original = fs.fdatasync;
  fs.fdatasync = ((...args: Parameters<typeof fs.fdatasync>) => {
    counts.datasyncs++;
    return original(...args);
  }) as typeof fs.fdatasync;
}

const mark = (phase: string) => {
  if (!values.mark) return;
  try {
    statSync(`/seatpay-mark-${phase}`);
  } catch {
    // the mark is the syscall, not its answer
  }
};

const seatpay = (await import(join(root, 'src/index.ts'))) as typeof import('../src/index.js');
const mock = (await import(
  join(root, 'src/mock/index.ts')
)) as typeof import('../src/mock/index.js');
const node = (await import(join(root, 'src/node.ts'))) as typeof import('../src/node.js');
const { subscribedClient } = await import('./keyed-cost-subscriber.js');

const { client, order } = await subscribedClient(
  { label: root, seatpay, mock, node },
  'flushes@example.com',
);
const dir = await mkdtemp(join(tmpdir(), 'seatpay-flushes-'));
const journal = node.fileJournal(join(dir, 'journal.db'));
let next = 0;
const keyed = () => client.consumables.checkout({ ...order, key: `flush-${next++}`, journal });

console.log(`root ${root}, node ${process.version}, load ${loadavg()[0]!.toFixed(1)}`);
try {
  for (let i = 0; i < 50; i++) await keyed(); // warm-up: the file opened, the code compiled
  for (const concurrency of values.concurrency.split(',').map(Number)) {
    counts.reads = counts.writes = counts.datasyncs = 0;
    mark(`start-${concurrency}`);
    const cpu = process.cpuUsage();
    const started = performance.now();
    let left = CALLS;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) await keyed();
      }),
    );
    const ms = performance.now() - started;
    const { user: userUs, system } = process.cpuUsage(cpu);
    mark(`end-${concurrency}`);
    const per = (n: number) => (n / CALLS).toFixed(2);
    console.log(
      `concurrency ${concurrency}: ${CALLS} keyed calls, per call: SQLite reads ${per(counts.reads)}, writes (commits) ${per(counts.writes)}, fileJournal flushes ${per(counts.datasyncs)}; CPU per call ${(userUs / 1000 / CALLS).toFixed(3)} ms user + ${(system / 1000 / CALLS).toFixed(3)} ms system; ${Math.round((CALLS / ms) * 1000)} keys/s`,
    );
  }
} finally {
  journal.close();
  await rm(dir, { recursive: true, force: true });
}
