import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSimulator,
  startMockServer,
  type FaultSpec,
  type MockServer,
  type Simulator,
} from '../../src/mock/index.js';
import { bundleForNode } from '../../bench/support.js';
import { requestGate, type RequestGate } from '../support/request-gate.js';
import { watchedSimulator, type WatchedSimulator } from '../support/watched-simulator.js';
import { printTable } from './support/faults-figures.js';
import { runPurchaseChild, type ChildRun } from './support/purchase-process.js';

// Durable purchases, proven with real processes: a child buys with purchase({ key, journal:
// fileJournal(path) }) against the loopback simulator and is killed (SIGKILL) at each point of the
// flow; then the same key is run again, twice. Every time: exactly one charge, and every run that
// resolves resolves to the subscription that charge created. The kill lands on an event (a line
// the child printed, or its request reaching the simulator), never after a guessed delay; where
// the kill follows a line, the child's next request waits at a gate until the child is gone, so
// it cannot finish first at any load. The re-run starts once every request the killed child left
// in flight has landed. Run alone:
//   npx vitest run test/reliability/purchase-crash.full.test.ts

const PAY = 'POST /v1/payments/pay';
const LIST = 'GET /v1/payments/me/subscription';
const CONSUMABLES = 'GET /v1/provisioning/me/consumables';

interface CrashPoint {
  name: string;
  /** Faults that hold the child at the point, so that the kill lands there. */
  faults: Omit<FaultSpec, 'times'>[];
  /**
   * A route (`METHOD /path`) whose requests wait unanswered at a gate until the child is gone,
   * then are dropped: the child stops there, so the kill lands there whatever the load.
   */
  hold?: string;
  /**
   * When to kill: at once after the child prints `line`; or the moment the `arrival`-th request
   * on `request` (`METHOD /path`) reaches the simulator, watched from the child's start (a line
   * the parent reads late on a loaded machine must not let that request slip by unseen).
   */
  killAfter?: { line: string } | { request: string; arrival: number };
}

const POINTS: CrashPoint[] = [
  {
    name: 'before pay (listing the subscriptions before paying)',
    faults: [],
    hold: LIST,
    killAfter: { line: 'step card' },
  },
  {
    name: 'during pay: sent, not yet processed',
    faults: [{ route: PAY, kind: 'latency', latencyMs: 800 }],
    killAfter: { request: PAY, arrival: 1 },
  },
  {
    name: 'during pay: processed, answer lost',
    faults: [{ route: PAY, kind: 'hang-after' }],
    killAfter: { request: PAY, arrival: 1 },
  },
  {
    name: 'while waiting for the subscription',
    faults: [{ route: PAY, kind: 'late-subscription', delayMs: 1_500 }],
    // The first listing is the one before paying; the second, the wait's first poll.
    killAfter: { request: LIST, arrival: 2 },
  },
  {
    name: 'after the subscription was found (listing consumables)',
    faults: [],
    hold: CONSUMABLES,
    killAfter: { line: 'step wait' },
  },
  { name: 'after it finished (no kill)', faults: [] },
];

let simulator: Simulator;
let watched: WatchedSimulator;
/** The gate of each route a point holds. */
const gates = new Map<string, RequestGate>();
let server: MockServer;
let dir: string;
let script: string;
const rows: (string | number)[][] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-crash-'));
  script = await bundleForNode(
    dir,
    'purchase-child',
    new URL('./support/purchase-child.ts', import.meta.url),
  );
  simulator = createSimulator({ subscriptionDelayMs: 100 });
  // Inside the watcher: a held request counts as in flight, and its arrival is announced.
  let gated = simulator;
  for (const route of new Set(POINTS.flatMap((point) => point.hold ?? []))) {
    const gate = requestGate(gated, route);
    gates.set(route, gate);
    gated = gate.simulator;
  }
  watched = watchedSimulator(gated);
  server = await startMockServer({ simulator: watched.simulator });
}, 60_000);

afterAll(async () => {
  printTable(
    'Purchases killed (SIGKILL) at each point, then run again twice with the same key',
    ['killed', 'first run', 'charges', 'second run', 'third run', 'same subscription'],
    rows,
  );
  await server?.close();
  simulator?.close();
  await rm(dir, { recursive: true, force: true });
});

function paymentsOf(userId: number) {
  return simulator.charges.filter((c) => c.kind === 'payment' && c.user === userId);
}

const outcome = (run: ChildRun) =>
  run.signal === 'SIGKILL'
    ? 'killed'
    : run.result
      ? 'resolved'
      : `PurchaseError ${String(run.error?.step)}/${String(run.error?.charged)}`;

describe('a purchase killed at any point, then run again with the same key', () => {
  it.each(POINTS.map((point, i) => [point.name, point, i] as const))(
    'killed %s: one charge, one subscription',
    async (_name, point, i) => {
      const user = simulator.addUser({ email: `crash-${i}@example.com` });
      const args = [server.url, user.token, join(dir, `journal-${i}.json`), `order-${i}`];
      for (const fault of point.faults) simulator.faults.inject(fault);
      const gate = point.hold === undefined ? undefined : gates.get(point.hold)!;
      gate?.open(0);
      const kill = point.killAfter;
      let stopWatching: () => void = () => undefined;
      let killChild: (() => void) | undefined;
      let due = false;
      if (kill && 'request' in kill) {
        let arrivals = 0;
        stopWatching = watched.onArrival((route) => {
          if (route !== kill.request || ++arrivals !== kill.arrival) return;
          due = true;
          killChild?.(); // else the next line the parent reads kills it
        });
      }
      const first = await runPurchaseChild(script, args, (line, killNow) => {
        killChild = killNow;
        if (!kill) return false;
        return 'request' in kill ? due : line === kill.line;
      }).finally(() => {
        stopWatching();
        // The child is gone: drop what it left held, answer every later request.
        gate?.open(undefined);
      });
      simulator.faults.clear();
      await watched.idle(); // a request the child left in flight is still processed: let it land
      const second = await runPurchaseChild(script, args);
      const third = await runPurchaseChild(script, args);

      const charges = paymentsOf(user.id);
      const charged = charges[0];
      const subscriptions = [second.result?.subscription, third.result?.subscription];
      const same = subscriptions.every((id) => id !== undefined && id === charged?.subscription);
      rows.push([
        point.name,
        outcome(first),
        charges.length,
        outcome(second),
        outcome(third),
        String(same),
      ]);

      if (kill) expect(first.signal).toBe('SIGKILL');
      expect(charges).toHaveLength(1);
      expect(second.result).toEqual({ subscription: charged!.subscription, bag: charged!.bag });
      expect(third.result).toEqual(second.result);
      if (first.result) expect(first.result).toEqual(second.result);
    },
    60_000,
  );

  it('two processes with the same key at once: one charge, both end with its subscription', async () => {
    const user = simulator.addUser({ email: 'crash-twins@example.com' });
    const args = [server.url, user.token, join(dir, 'journal-twins.json'), 'order-twins'];
    const [a, b] = await Promise.all([
      runPurchaseChild(script, args),
      runPurchaseChild(script, args),
    ]);
    const charges = paymentsOf(user.id);
    rows.push([
      '(none: two processes at once)',
      `${outcome(a)} + ${outcome(b)}`,
      charges.length,
      '',
      '',
      String(a.result?.subscription === b.result?.subscription),
    ]);
    expect(charges).toHaveLength(1);
    // Whole runs compared, so that a failure shows what each child printed (its error included).
    const bought = { subscription: charges[0]!.subscription, bag: charges[0]!.bag };
    expect(a).toMatchObject({ result: bought });
    expect(b).toMatchObject({ result: bought });
  }, 60_000);
});
