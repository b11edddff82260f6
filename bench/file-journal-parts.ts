// What a keyed call's journal work costs with `fileJournal` beyond `memoryJournal`, per part (issue
// 37, keycost19): the journal operations one keyed checkout makes (a read of a new key, its claim,
// the charge's outcome), CPU per call (process.cpuUsage: user + system, every thread, so the
// flush's kernel time on libuv's pool counts), arm by arm in one process:
//
//   memory      memoryJournal: the records' JSON, the Map (what both journals share, about)
//   file        fileJournal as shipped: SQLite's statements (WAL, synchronous = NORMAL: each write
//               a commit written through to the OS), the claim's fdatasync of the log, off the loop
//   file-noflush  the same with fs.fdatasync answering at once (a probe: the flush's share)
//   file-wait   the same with fs.fdatasync answering after a `--wait-ms` timer, no disk work (a
//               probe: what the wait alone costs, the process going idle and waking colder)
//   fdatasync   a 1 KB append to a file and its fdatasync, nothing else (the flush alone)
//
// Each arm's system time is shown apart (journal18): the kernel's share, which a user's disk and
// filesystem set, not this code.
//
// The arms rotate round by round (ABCD, then DCBA ...), each round `--calls` calls; medians over
// the rounds. Sampled under whatever else loads the machine: read the differences, not the µs.
//
//   npx tsx bench/file-journal-parts.ts [--rounds 8] [--calls 400] [--wait-ms 1] [--root <checkout>] [--dir <folder>]
import fs from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    calls: { type: 'string', default: '400' },
    root: { type: 'string' },
    dir: { type: 'string' },
    'wait-ms': { type: 'string', default: '1' },
  },
});
const ROUNDS = Number(values.rounds);
const CALLS = Number(values.calls);
const root = resolve(values.root ?? new URL('..', import.meta.url).pathname);
const seatpay = (await import(join(root, 'src/index.ts'))) as typeof import('../src/index.js');
const node = (await import(join(root, 'src/node.ts'))) as typeof import('../src/node.js');
const dir = await mkdtemp(join(values.dir ?? tmpdir(), 'file-journal-parts-'));

// The flush probes: fs.fdatasync as wal-flush.ts calls it, answering at once while `flushAs` is
// 'none', after a timer while it is 'wait'.
const WAIT_MS = Number(values['wait-ms']);
let flushAs: 'disk' | 'none' | 'wait' = 'disk';
const fdatasync = fs.fdatasync;
fs.fdatasync = ((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
  if (flushAs === 'none') queueMicrotask(() => done(null));
  else if (flushAs === 'wait') setTimeout(() => done(null), WAIT_MS);
  else fdatasync(fd, done);
}) as typeof fs.fdatasync;

// A keyed checkout's two records as a journal is given them (bench/keyed-cost's order and answer).
const params = { service: 'ai-credits', how_many: 1, subscription: 5001 };
const result = {
  id: 5002,
  amount: '1.00',
  currency: { code: 'USD', name: 'US Dollar' },
  status: 'FULFILLED',
  paid_at: '2026-11-30T18:31:37.764Z',
  created_at: '2026-11-30T18:31:37.764Z',
  invoice_kind: 'GENERAL',
  invoice_notes: null,
  user: { id: 3, email: 'parts@example.com', first_name: '', last_name: '' },
  amount_breakdown: {
    plans: {},
    'service-items': {
      'ai-credits': { amount: '1.00', currency: 'USD', 'how-many': 1, 'unit-type': 'UNIT' },
    },
  },
  coupons: [],
};
const claimRecord = (at: string) =>
  ({
    kind: 'checkout',
    stage: 'sending',
    charged: 'unknown',
    params,
    updatedAt: at,
    leaseUntil: new Date(Date.parse(at) + 30_000).toISOString(),
    holder: 'h-0123456789abcdef',
    owner: 'v2:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  }) as const;
const doneRecord = (at: string) => {
  const { leaseUntil: _l, holder: _h, ...rest } = claimRecord(at);
  return { ...rest, stage: 'done', charged: 'yes', result } as const;
};

type Journal = ReturnType<typeof seatpay.memoryJournal>;
let serial = 0;
async function keyedCallsOn(journal: Journal): Promise<void> {
  for (let call = 0; call < CALLS; call++) {
    const key = `parts-${serial++}`;
    const at = new Date().toISOString();
    await journal.get(key);
    if (!(await journal.claim!(key, claimRecord(at) as never))) throw new Error('claim lost');
    await journal.set(key, doneRecord(at) as never);
  }
}

const memory = seatpay.memoryJournal();
const file = node.fileJournal(join(dir, 'parts.db'));
await keyedCallsOn(file); // opened, warmed
await keyedCallsOn(memory);
const log = await open(join(dir, 'flush-only.log'), 'a');
const line = Buffer.alloc(1024, 'x');

const flushing = (as: typeof flushAs) => async () => {
  flushAs = as;
  try {
    await keyedCallsOn(file);
  } finally {
    flushAs = 'disk';
  }
};

const arms: Record<string, () => Promise<void>> = {
  memory: () => keyedCallsOn(memory),
  file: () => keyedCallsOn(file),
  'file-noflush': flushing('none'),
  'file-wait': flushing('wait'),
  fdatasync: async () => {
    for (let call = 0; call < CALLS; call++) {
      await log.write(line);
      await new Promise<void>((done, failed) =>
        fdatasync(log.fd, (error) => (error ? failed(error) : done())),
      );
    }
  },
};
const names = Object.keys(arms);
const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
const wall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
// The kernel's share (system time: the flush's work in the filesystem and the block layer).
const sys: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
const loadBefore = loadavg()[0]!.toFixed(1);
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    globalThis.gc?.();
    const started = process.cpuUsage();
    const startedAt = performance.now();
    await arms[name]!();
    const used = process.cpuUsage(started);
    cpu[name]!.push((used.user + used.system) / CALLS);
    sys[name]!.push(used.system / CALLS);
    wall[name]!.push(((performance.now() - startedAt) * 1000) / CALLS);
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
console.log(
  `A keyed checkout's journal work (get, claim, set), µs per call, median of ${ROUNDS} rounds of ${CALLS}; ` +
    `node ${process.version}, load ${loadBefore} -> ${loadavg()[0]!.toFixed(1)}, files in ${dir}`,
);
console.log('| arm | CPU µs | of which system | wall µs | CPU over memory |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const name of names) {
  const over = name === 'fdatasync' ? '' : (median(cpu[name]!) - median(cpu.memory!)).toFixed(1);
  console.log(
    `| ${name} | ${median(cpu[name]!).toFixed(1)} | ${median(sys[name]!).toFixed(1)} | ${median(wall[name]!).toFixed(1)} | ${over} |`,
  );
}
await log.close();
file.close();
await new Promise((settled) => setTimeout(settled, 50));
await rm(dir, { recursive: true, force: true });
