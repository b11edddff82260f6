// What a key costs (issue 37): the CPU of one `consumables.checkout` with a key, per journal, next
// to the same checkout without one, against the simulator in the same process (its `handle` as the
// client's fetch: no sockets, the simulator's work counted on both sides alike).
//
//   npx tsx bench/keyed-cost.ts [--rounds 10] [--calls 40] [--root <another checkout>]
//
// The script bundles bench/keyed-cost-child.ts with esbuild from `--root` (default: this
// repository; give a checkout of another commit for a before/after) and runs it as plain Node (not
// under tsx). Subjects, in blocks of `calls` checkouts: plain (no key), keyed with memoryJournal,
// keyed with fileJournal (a new SQLite file, flushed writes: its system time counts), keyed with
// memoryJournal and an `identity`. Every keyed call is a new key (a first run: claim, send, record).
// The subjects are interleaved in every round, their order flipping each round; one warm-up round
// is thrown away. CPU is process.cpuUsage() (user + system) across a block, per call; the ratio to
// plain is taken round by round, and the table gives its median [min-max]. A last line says how
// long a fileJournal call held the event loop in SQLite (node:sqlite runs its statements, fsync
// included, synchronously): each statement timed, summed per call. For a before/after against a
// checkout whose bench/keyed-cost-child.ts lacks that line, copy this one over it.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    calls: { type: 'string', default: '40' },
    root: { type: 'string' },
  },
});
const root = resolve(values.root ?? new URL('..', import.meta.url).pathname);
const dir = await mkdtemp(join(tmpdir(), 'seatpay-keyed-cost-'));
try {
  const entry = new URL(`file://${join(root, 'bench', 'keyed-cost-child.ts')}`);
  const script = await bundleForNode(dir, 'keyed-cost-child', entry);
  const child = spawn(process.execPath, [script, values.rounds, values.calls, dir], {
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((done) => child.once('close', done));
  process.exitCode = code ?? 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
