import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../bench/support.js';

// Processes that open one NEW fileJournal at the same moment (the purchase twins of
// purchase-crash.full.test.ts failed one run in 25). Turning a new SQLite database into a WAL one
// is a write that SQLite refuses at once ("database is locked", busy_timeout or not) while another
// process holds the write lock, as a sibling doing the same does for a moment. Children are
// released together by a line from the parent (no sleep); each claims one key and reads it back.
// Run alone:
//   npx vitest run --project full test/node/file-journal-open.full.test.ts

const PROCESSES = 6;
const ROUNDS = 20;

interface Outcome {
  pid: number;
  result?: { won: boolean; holder: number };
  error?: { name: string; message: string };
}

let dir: string;
let script: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-open-'));
  script = await bundleForNode(
    dir,
    'journal-open-child',
    new URL('./support/journal-open-child.ts', import.meta.url),
  );
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Starts one child; `ready` resolves once it waits for `go`, `done` with what it printed. */
function startChild(path: string, key: string) {
  const child = spawn(process.execPath, [script, path, key], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const outcome: Outcome = { pid: child.pid! };
  const lines = createInterface({ input: child.stdout });
  const ready = once(lines, 'line');
  lines.on('line', (line) => {
    if (line.startsWith('result ')) outcome.result = JSON.parse(line.slice(7)) as Outcome['result'];
    if (line.startsWith('error ')) outcome.error = JSON.parse(line.slice(6)) as Outcome['error'];
  });
  const done = once(child, 'close').then(() => outcome);
  return { pid: child.pid!, ready, go: () => child.stdin.end('go\n'), done };
}

/** PROCESSES children on `path`, released together; then `released` runs, given their pids. */
async function openTogether(
  path: string,
  released: (pids: number[]) => Promise<void> = async () => {},
): Promise<Outcome[]> {
  const children = Array.from({ length: PROCESSES }, () => startChild(path, 'order-1'));
  await Promise.all(children.map((child) => child.ready));
  for (const child of children) child.go();
  await released(children.map((child) => child.pid));
  return Promise.all(children.map((child) => child.done));
}

/** No child failed, one claim won, and every child read the winner's record. */
function expectOneWinner(outcomes: Outcome[]): void {
  expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
  const winners = outcomes.filter((outcome) => outcome.result?.won);
  expect(winners).toHaveLength(1);
  expect(outcomes.map((outcome) => outcome.result?.holder)).toEqual(
    outcomes.map(() => winners[0]!.pid),
  );
}

/** Whether process `pid` has `file` open (Linux: its /proc/<pid>/fd links), or is gone. */
async function hasOpen(pid: number, file: string): Promise<boolean> {
  let fds: string[];
  try {
    fds = await readdir(`/proc/${pid}/fd`);
  } catch {
    return true; // ended (before the fix: failed at once)
  }
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')),
  );
  return targets.includes(file);
}

describe('fileJournal: processes opening one new file at the same moment', () => {
  it(`${PROCESSES} processes, ${ROUNDS} rounds: each opens it, one claim wins, all read the winner's record`, async () => {
    for (let i = 0; i < ROUNDS; i++) expectOneWinner(await openTogether(join(dir, `j-${i}.db`)));
  }, 300_000);

  // The moment above, held open: the parent holds the new database's write lock (as a sibling
  // switching it to WAL does) until every child has the file open, that is, has met the lock.
  // Before the fix every child failed here with 'Could not open the journal ...'.
  it.runIf(existsSync('/proc/self/fd'))(
    `${PROCESSES} processes while another holds the new file's write lock: all wait for it, one claim wins`,
    async () => {
      const path = join(dir, 'held.db');
      // Its COMMIT waits for the children's read locks, as a process with a busy timeout does
      // (with none it failed 'database is locked' when a child was reading the file that moment).
      const other = new DatabaseSync(path, { timeout: 30_000 });
      other.exec('BEGIN IMMEDIATE');
      const outcomes = await openTogether(path, async (pids) => {
        for (const pid of pids) while (!(await hasOpen(pid, path))) await pause(5);
        other.exec('COMMIT');
      });
      other.close();
      expectOneWinner(outcomes);
    },
    60_000,
  );
});
