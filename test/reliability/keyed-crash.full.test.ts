import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { bundleForNode } from '../../bench/support.js';
import { printTable } from './support/faults-figures.js';
import { teamPurchase } from '../support/team-purchase.js';

// Keyed money calls in real processes killed with SIGKILL: between the journal claim and the money
// call, and after the service charged but before its answer came; then the same key is run again
// (twice). Charges are counted in the simulator's log: never two for one key, and a re-run never
// buys. Readiness comes from the child's own lines and from the charge log, never from sleeps.
// Run alone:
//   npx vitest run test/reliability/keyed-crash.full.test.ts

const PAY = 'POST /v1/payments/pay';
const CHECKOUT = 'POST /v2/payments/consumable/checkout';

let server: MockServer;
let dir: string;
let script: string;
const rows: (string | number)[][] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-keyed-crash-'));
  script = await bundleForNode(
    dir,
    'keyed-child',
    new URL('./support/keyed-child.ts', import.meta.url),
  );
  server = await startMockServer({ subscriptionDelayMs: 50 });
}, 60_000);

afterAll(async () => {
  printTable(
    'Keyed calls killed (SIGKILL), then run again twice with the same key',
    ['call', 'killed', 'charges', 're-run', 'third run'],
    rows,
  );
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  lines: string[];
  outcome: string;
  result?: { id: number };
  error?: Record<string, unknown>;
  signal: NodeJS.Signals | null;
}

/**
 * Runs the child; `killWhen` is asked on every line and whenever `poke` is called: true kills it.
 */
function runChild(args: string[], killWhen: (lines: string[]) => boolean = () => false) {
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const run: Run = { lines: [], outcome: 'exited', signal: null };
  const check = () => {
    if (child.exitCode === null && child.signalCode === null && killWhen(run.lines)) {
      child.kill('SIGKILL');
    }
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    run.lines.push(line);
    if (line.startsWith('result ')) run.result = JSON.parse(line.slice(7)) as Run['result'];
    if (line.startsWith('error ')) run.error = JSON.parse(line.slice(6)) as Run['error'];
    check();
  });
  // The charge log changes without a line from the child: look at it as the simulator works.
  const watcher = setInterval(check, 5);
  const done = new Promise<Run>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (_code, signal) => {
      clearInterval(watcher);
      const outcome =
        signal === 'SIGKILL'
          ? 'killed'
          : run.result
            ? 'resolved'
            : `${String(run.error?.name)}${run.error?.charged ? ` (charged ${String(run.error.charged)})` : ''}`;
      resolve({ ...run, outcome, signal });
    });
  });
  return done;
}

let users = 0;
async function setup(kind: 'purchase' | 'checkout') {
  const user = server.simulator.addUser({ email: `keyed-crash-${++users}@example.com` });
  let subscription = 0;
  if (kind === 'checkout') {
    const client = createClient({ baseUrl: server.url, token: user.token, logLevel: 'off' });
    const bought = await client.purchase(teamPurchase(5));
    subscription = bought.subscription.id;
  }
  const charges = () =>
    server.simulator.charges.filter(
      (c) =>
        c.user === user.id && c.kind === (kind === 'purchase' ? 'payment' : 'consumable-checkout'),
    ).length;
  const path = join(dir, `journal-${users}.json`);
  const args = (hold: string) => [
    kind,
    server.url,
    user.token,
    path,
    `key-${users}`,
    String(subscription),
    hold,
  ];
  return { user, charges, args };
}

const claimed = (lines: string[]) => lines.includes('claimed true');

describe.each(['purchase', 'checkout'] as const)('a keyed %s killed', (kind) => {
  it('between the journal claim and the money call: no charge, and no re-run buys', async () => {
    const { charges, args } = await setup(kind);
    const first = await runChild(args('claim'), claimed);
    const second = await runChild(args('none'));
    const third = await runChild(args('none'));
    rows.push([
      kind,
      'after claim, before the money call',
      charges(),
      second.outcome,
      third.outcome,
    ]);
    expect(first.signal).toBe('SIGKILL');
    expect(charges()).toBe(0);
    // The record says it may have been sent: it never is, and the re-run says so.
    for (const run of [second, third]) {
      expect(run.result).toBeUndefined();
      expect(run.error).toMatchObject({ mayHaveBeenProcessed: true });
    }
  }, 60_000);

  it('after the service charged, before its answer came: one charge, and no re-run buys', async () => {
    const { charges, args } = await setup(kind);
    server.simulator.faults.inject({
      route: kind === 'purchase' ? PAY : CHECKOUT,
      kind: 'hang-after',
    });
    const first = await runChild(args('none'), (lines) => claimed(lines) && charges() === 1);
    server.simulator.faults.clear();
    const second = await runChild(args('none'));
    const third = await runChild(args('none'));
    rows.push([kind, 'after the charge, answer lost', charges(), second.outcome, third.outcome]);
    expect(first.signal).toBe('SIGKILL');
    expect(charges()).toBe(1);
    if (kind === 'purchase') {
      // The recorded payment's subscription is found: both re-runs end with it.
      expect(second.result).toBeDefined();
      expect(third.result).toEqual(second.result);
    } else {
      // A checkout's lost answer cannot be looked up: refused as unsettled, never re-bought.
      for (const run of [second, third])
        expect(run.error).toMatchObject({ name: 'UnsettledKeyError' });
    }
  }, 60_000);

  it('right after its call resolved (the outcome written, not yet flushed): the re-run replays it', async () => {
    const { charges, args } = await setup(kind);
    // Killed on the result line, the journal never closed: the outcome's write reached the OS
    // (a killed process loses none) though only the claim was flushed to disk (docs/journals.md).
    const first = await runChild(args('result'), (lines) =>
      lines.some((line) => line.startsWith('result ')),
    );
    const second = await runChild(args('none'));
    const third = await runChild(args('none'));
    rows.push([kind, 'right after its call resolved', charges(), second.outcome, third.outcome]);
    expect(first.signal).toBe('SIGKILL');
    expect(first.result).toBeDefined();
    expect(charges()).toBe(1);
    for (const run of [second, third]) expect(run.result).toEqual(first.result);
  }, 60_000);

  it('two processes with the same key at once: one charge', async () => {
    const { charges, args } = await setup(kind);
    const [a, b] = await Promise.all([runChild(args('none')), runChild(args('none'))]);
    rows.push([kind, '(none: two processes at once)', charges(), a.outcome, b.outcome]);
    expect(charges()).toBe(1);
    expect([a, b].some((run) => run.result !== undefined)).toBe(true);
    for (const run of [a, b]) {
      if (run.result) expect(run.result).toEqual((a.result ?? b.result)!);
      else expect(run.error).toMatchObject({ mayHaveBeenProcessed: true });
    }
  }, 60_000);
});
