// Runs a fleet of fleet-child.ts processes on one simulator and one PostgreSQL journal, each
// process killed with SIGKILL after a chosen number of started calls, if asked.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const CHILD = new URL('./fleet-child.ts', import.meta.url).pathname;

export interface FleetOptions {
  baseUrl: string;
  token: string;
  databaseUrl: string;
  table: string;
  subscription: number;
  workers: number;
  /** The keys of each process. */
  keysOf: string[][];
  /** How long a purchase waits for its subscription, in ms. */
  waitMs?: number;
  /** Process i is killed once it started this many calls (undefined: never). */
  killAfter?: (process: number) => number | undefined;
  /** The journal's lease, in ms (default: the journal's own). */
  leaseMs?: number;
  /** A fileJournal at this path instead of the PostgreSQL journal. */
  journalFile?: string;
}

export interface ProcessRun {
  ended: Map<string, string>;
  /** The keys it started (`start` printed). */
  started: Set<string>;
  killed: boolean;
}

export function runFleet(options: FleetOptions): Promise<ProcessRun[]> {
  return Promise.all(options.keysOf.map((keys, index) => runOne(options, keys, index)));
}

function runOne(options: FleetOptions, keys: string[], index: number): Promise<ProcessRun> {
  const args = [
    '--import',
    'tsx',
    CHILD,
    options.baseUrl,
    options.table,
    String(options.subscription),
    String(options.workers),
    String(options.waitMs ?? 3_000),
    keys.join(','),
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      SEATPAY_TOKEN: options.token,
      FLEET_DATABASE_URL: options.databaseUrl,
      ...(options.leaseMs === undefined ? {} : { FLEET_LEASE_MS: String(options.leaseMs) }),
      ...(options.journalFile === undefined ? {} : { FLEET_JOURNAL_FILE: options.journalFile }),
    },
  });
  const run: ProcessRun = { ended: new Map(), started: new Set(), killed: false };
  const killAt = options.killAfter?.(index);
  let started = 0;
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [what, key, outcome] = line.split(' ');
    if (what === 'end') run.ended.set(key!, outcome!);
    if (what === 'start') run.started.add(key!);
    if (what === 'start' && killAt !== undefined && ++started >= killAt && !run.killed) {
      run.killed = child.kill('SIGKILL');
    }
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => resolve(run));
  });
}
