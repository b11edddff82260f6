import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createClient,
  SeatpayError,
  type PurchaseResult,
  type SeatpayClient,
} from '../../src/index.js';
import type { FaultSpec, MockUser } from '../../src/mock/index.js';
import { useFaultBed } from './support/fault-bed.js';
import { printTable, seeded } from './support/faults-figures.js';
import { watchRequestsInHand, type RequestsInHand } from './support/requests-in-hand.js';
import { trackUnhandled } from './support/track-unhandled.js';
import { teamPurchase } from '../support/team-purchase.js';

// Money under faults: many purchase flows and consumable checkouts, with seeded faults injected
// around pay, checking and checkout. The simulator records every charge; none may be doubled, and
// none may be made without the caller being told it may have happened. Run alone:
//   npx vitest run test/reliability/money.test.ts
const SEED = 0x5ea7_0002;
const FLOWS = 30;
const CHECKOUTS = 60;
/** Per-attempt timeout, and how late the headers of a slow answer come (after processing). */
const TIMEOUT = 200;
const LATENCY = 400;
/**
 * How long a purchase waits for its subscription, on the test's clock (`performance.now` held, see
 * `endsUnchargedWaits`): it runs out only for a flow that was not charged, once nothing can charge
 * it any more. A charged flow's wait never runs out, however slow a loaded machine makes its polls.
 */
const WAIT = 3_000;
/** How late the "subscription appears late" fault makes it: well within WAIT. */
const LATE_SUBSCRIPTION = 500;

const PAY = 'POST /v1/payments/pay';
const CHECKING = 'POST /v1/payments/checking';
const CHECKOUT = 'POST /v2/payments/consumable/checkout';
const CARD = { card_number: '4242424242424242', cvc: '123' };

const bed = useFaultBed(SEED, 10);
let unhandled: ReturnType<typeof trackUnhandled>;
let inHand: RequestsInHand;
const tables: [string, string[], (string | number)[][]][] = [];

beforeAll(() => {
  unhandled = trackUnhandled();
  inHand = watchRequestsInHand(bed.server.simulator);
});

afterAll(() => {
  unhandled?.stop();
  for (const [title, header, rows] of tables) printTable(title, header, rows);
});

/** One fault around a money call: the simulator's own, or the proxy's on the answer. */
interface MoneyFault {
  label: string;
  arm: (route: string) => void;
}
const simulatorFault =
  (spec: { kind: FaultSpec['kind'] } & Record<string, unknown>) => (route: string) =>
    bed.server.simulator.faults.inject({ route, ...spec });

const FAULTS: MoneyFault[] = [
  { label: 'none', arm: () => undefined },
  { label: 'reset before processing', arm: simulatorFault({ kind: 'reset-before' }) },
  { label: 'reset after processing', arm: simulatorFault({ kind: 'reset-after' }) },
  { label: 'answer lost after processing (hangs)', arm: simulatorFault({ kind: 'hang-after' }) },
  { label: 'token expires after processing', arm: simulatorFault({ kind: 'expire-token' }) },
  {
    label: 'subscription appears late (within the wait)',
    arm: simulatorFault({ kind: 'late-subscription', delayMs: LATE_SUBSCRIPTION }),
  },
  {
    label: 'the same user buys elsewhere at once',
    arm: simulatorFault({ kind: 'concurrent-purchase' }),
  },
  { label: '500', arm: simulatorFault({ kind: 'status', status: 500 }) },
  { label: '502', arm: simulatorFault({ kind: 'status', status: 502 }) },
  { label: '503', arm: simulatorFault({ kind: 'status', status: 503 }) },
  {
    label: '503 Retry-After, once',
    arm: simulatorFault({ kind: 'status', status: 503, retryAfter: '1' }),
  },
  {
    label: '503 Retry-After, every attempt',
    arm: simulatorFault({ kind: 'status', status: 503, retryAfter: '1', times: 3 }),
  },
  { label: '429, once', arm: simulatorFault({ kind: 'status', status: 429 }) },
  {
    label: '429, every attempt',
    arm: simulatorFault({ kind: 'status', status: 429, retryAfter: '0', times: 3 }),
  },
  {
    label: `headers ${LATENCY} ms late (timeout ${TIMEOUT} ms)`,
    arm: simulatorFault({ kind: 'latency', latencyMs: LATENCY }),
  },
  {
    label: '2xx body cut in transit',
    arm: (route) => bed.proxy.inject(route, { kind: 'truncate' }),
  },
  {
    label: '2xx body not JSON',
    arm: (route) =>
      bed.proxy.inject(route, {
        kind: 'replace',
        body: '<html>Thanks!</html>',
        contentType: 'text/html',
      }),
  },
];

/** A token provider, as a real script has: it reads the user's current token (it may expire). */
const clientFor = (user: MockUser): SeatpayClient =>
  createClient({
    baseUrl: bed.proxy.url,
    token: () => user.token,
    retryBaseDelay: 1,
    maxRetryDelay: 5,
    timeout: TIMEOUT,
    logLevel: 'off',
  });

/**
 * `count` faults drawn by `rng`, every fault of FAULTS at least once (in a seeded order) when
 * `count` allows, so no run of the seed leaves a fault out.
 */
function drawFaults(rng: ReturnType<typeof seeded>, count: number): MoneyFault[] {
  const every = [...FAULTS];
  for (let i = every.length - 1; i > 0; i--) {
    const j = Math.floor(rng.random() * (i + 1));
    [every[i], every[j]] = [every[j]!, every[i]!];
  }
  const rest = Array.from({ length: Math.max(0, count - every.length) }, () => rng.pick(FAULTS));
  return [...every, ...rest].slice(0, count);
}

/** Whether the error tells the caller the money may have moved. */
const saysMayHaveBeenProcessed = (error: unknown) =>
  (error as { mayHaveBeenProcessed?: unknown }).mayHaveBeenProcessed === true;

const charges = (kind: 'payment' | 'consumable-checkout') =>
  bed.server.simulator.charges.filter((charge) => charge.kind === kind);

/** Per fault label: how the calls it hit ended. */
function tallyByFault(outcomes: { fault: string; outcome: string }[]): (string | number)[][] {
  const byFault = new Map<string, Map<string, number>>();
  for (const { fault, outcome } of outcomes) {
    const counts = byFault.get(fault) ?? new Map<string, number>();
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    byFault.set(fault, counts);
  }
  const sorted = [...byFault].sort(([a], [b]) => a.localeCompare(b));
  return sorted.map(([fault, counts]) => [
    fault,
    [...counts.values()].reduce((a, b) => a + b, 0),
    [...counts].map(([outcome, n]) => `${outcome} ${n}`).join(', '),
  ]);
}

/**
 * Ends the wait of a purchase (`settled` once it settles) that was not charged: once its pay was
 * answered (`paid`), the simulator holds no request (a late one has landed) and no charge was made
 * for its bag, its subscription can never come, and the test's clock is moved past WAIT. A charged
 * flow is left to find its subscription.
 */
async function endsUnchargedWaits(
  settled: Promise<unknown>,
  paid: Promise<unknown>,
  bag: () => number | undefined,
): Promise<void> {
  const over = settled.then(() => 'settled' as const);
  if ((await Promise.race([paid, over])) === 'settled') return;
  if ((await Promise.race([inHand.none(), over])) === 'settled') return;
  const charged = charges('payment').some((charge) => charge.bag === bag());
  if (!charged) vi.advanceTimersByTime(WAIT + 1);
  await settled;
}

describe('money under faults', () => {
  it(`${FLOWS} purchase flows: no duplicate charge, every charge reported`, async () => {
    const rng = seeded(SEED);
    const before = unhandled.count();
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => void vi.useRealTimers());
    type Flow = {
      user: number;
      fault: string;
      result?: PurchaseResult;
      error?: unknown;
      ambiguousPay: boolean;
      bag?: number;
    };
    const flows: Flow[] = [];
    // Pay gets every fault once; then faults and their target (pay, preview or bag) are drawn.
    const payFaults = drawFaults(rng, FAULTS.length);
    for (let i = 0; i < FLOWS; i++) {
      const user = bed.server.simulator.addUser({ email: `buyer-${i}@example.com` });
      const client = clientFor(user);
      const target =
        i < payFaults.length ? 'pay' : rng.pick(['pay', 'pay', 'preview', 'bag'] as const);
      const fault = payFaults[i] ?? rng.pick(FAULTS);
      // The fault hits the request right after the step before it: preview, bag or pay.
      const armAfter = { preview: 'plan', bag: 'preview', pay: 'card' }[target];
      const flow: Flow = {
        user: user.id,
        fault: fault.label === 'none' ? 'none' : `${target}: ${fault.label}`,
        ambiguousPay: false,
      };
      let answered: () => void = () => undefined;
      const paid = new Promise<void>((resolve) => (answered = resolve));
      const settled = client
        .purchase({
          plan: 'team-per-seat',
          team_seats: 2,
          card: CARD,
          chosen_period: 'MONTH',
          pollInterval: 5,
          waitTimeout: WAIT,
          onStep: ({ step, result }) => {
            if (step === 'bag') flow.bag = (result as { id?: number }).id;
            if (step === armAfter) fault.arm(target === 'pay' ? PAY : CHECKING);
            if (step === 'pay' && result instanceof Error) flow.ambiguousPay = true;
            if (step === 'pay') answered();
          },
        })
        .then(
          (result) => void (flow.result = result),
          (error: unknown) => void (flow.error = error),
        );
      await endsUnchargedWaits(settled, paid, () => flow.bag);
      bed.server.simulator.faults.clear();
      bed.proxy.clear();
      flows.push(flow);
    }
    await inHand.none(); // a request answered late may still be processed: let it land

    const paid = charges('payment');
    let completed = 0;
    let byPolling = 0;
    let ambiguousTyped = 0;
    let refusedTyped = 0;
    let duplicates = 0;
    let unreported = 0;
    let chargedButRejected = 0;
    const wrong: string[] = [];
    const outcomes: { fault: string; outcome: string }[] = [];
    for (const [i, flow] of flows.entries()) {
      // Per bag: a purchase made elsewhere by the same user at the same moment is not this one's.
      const mine = paid.filter((charge) => flow.bag !== undefined && charge.bag === flow.bag);
      const count = mine.length;
      if (count > 1) duplicates++;
      let outcome: string;
      if (flow.result) {
        outcome = flow.result.payment ? 'completed' : 'subscription by polling';
        if (flow.result.payment) completed++;
        else byPolling++;
        if (count !== 1) wrong.push(`flow ${i}: resolved with ${count} charges`);
        if (mine[0]?.subscription !== flow.result.subscription.id)
          wrong.push(`flow ${i}: resolved to a subscription that is not this purchase's`);
        if (!flow.result.payment && !flow.ambiguousPay)
          wrong.push(`flow ${i}: no payment, yet paying did not fail`);
      } else if (!(flow.error instanceof SeatpayError)) {
        outcome = 'untyped error';
        wrong.push(`flow ${i}: untyped ${String(flow.error)}`);
      } else {
        const reported = saysMayHaveBeenProcessed(flow.error);
        outcome = `${flow.error.name}${reported ? ' (may have been processed)' : ''}`;
        if (reported) ambiguousTyped++;
        else refusedTyped++;
        if (count > 0 && !reported) unreported++;
        // Charged, and the subscription came well within the wait: the flow had to find it.
        if (count > 0) chargedButRejected++;
        if (flow.ambiguousPay && !reported)
          wrong.push(
            `flow ${i}: ambiguous pay ended in ${flow.error.name} without mayHaveBeenProcessed`,
          );
      }
      outcomes.push({ fault: flow.fault, outcome });
    }
    const unhandledNow = unhandled.count() - before;
    tables.push(
      [
        `Purchase flows (seed ${SEED.toString(16)}, faults on pay and checking)`,
        [
          'flows',
          'completed',
          'subscription by polling after an ambiguous pay',
          'typed errors, mayHaveBeenProcessed',
          'typed errors, not processed',
          'duplicate charges',
          'charges without an outcome reported',
          'charged, yet the flow failed',
          'wrong',
          'unhandled',
        ],
        [
          [
            flows.length,
            completed,
            byPolling,
            ambiguousTyped,
            refusedTyped,
            duplicates,
            unreported,
            chargedButRejected,
            wrong.length,
            unhandledNow,
          ],
        ],
      ],
      ['Purchase flows by fault', ['fault', 'flows', 'outcomes'], tallyByFault(outcomes)],
    );

    expect(wrong).toEqual([]);
    expect(duplicates).toBe(0);
    expect(unreported).toBe(0);
    expect(chargedButRejected).toBe(0);
    expect(unhandledNow).toBe(0);
    expect(completed + byPolling + ambiguousTyped + refusedTyped).toBe(FLOWS);
    // The seed gives every kind of ending at least once, so none of the counts above is vacuous.
    expect(completed).toBeGreaterThan(0);
    expect(byPolling).toBeGreaterThan(0);
    expect(ambiguousTyped).toBeGreaterThan(0);
  });

  it(`${CHECKOUTS} consumable checkouts: no duplicate charge, every charge reported`, async () => {
    const rng = seeded(SEED + 1);
    const before = unhandled.count();
    const owner = bed.server.simulator.addUser({ email: 'checkout-owner@example.com' });
    const client = clientFor(owner);
    const { subscription } = await client.purchase({ ...teamPurchase(5), waitTimeout: 5_000 });
    // Checkout i buys i + 1 AI credits at 1.00 each: its amount tells its charge from the others.
    const amountOf = (i: number) => `${i + 1}.00`;
    const calls: { fault: string; result?: { amount?: string | null }; error?: unknown }[] = [];
    const faults = drawFaults(rng, CHECKOUTS);
    for (const [i, fault] of faults.entries()) {
      fault.arm(CHECKOUT);
      const call: (typeof calls)[number] = { fault: fault.label };
      try {
        call.result = await client.consumables.checkout({
          service: 'ai-credits',
          how_many: i + 1,
          subscription: subscription.id,
        });
      } catch (error) {
        call.error = error;
      }
      bed.server.simulator.faults.clear();
      bed.proxy.clear();
      calls.push(call);
    }
    await inHand.none(); // a request answered late may still be processed: let it land

    const mine = charges('consumable-checkout').filter(
      (charge) => charge.subscription === subscription.id,
    );
    let ok = 0;
    let ambiguousTyped = 0;
    let refusedTyped = 0;
    let duplicates = 0;
    let unreported = 0;
    const wrong: string[] = [];
    const outcomes: { fault: string; outcome: string }[] = [];
    for (const [i, call] of calls.entries()) {
      const count = mine.filter((charge) => charge.amount === amountOf(i)).length;
      if (count > 1) duplicates++;
      let outcome: string;
      if (call.result) {
        outcome = 'ok';
        ok++;
        if (count !== 1 || call.result.amount !== amountOf(i))
          wrong.push(`checkout ${i}: answered ${call.result.amount} with ${count} charges`);
      } else if (!(call.error instanceof SeatpayError)) {
        outcome = 'untyped error';
        wrong.push(`checkout ${i}: untyped ${String(call.error)}`);
      } else {
        const reported = saysMayHaveBeenProcessed(call.error);
        outcome = `${call.error.name}${reported ? ' (may have been processed)' : ''}`;
        if (reported) ambiguousTyped++;
        else refusedTyped++;
        if (count > 0 && !reported) unreported++;
      }
      outcomes.push({ fault: call.fault, outcome });
    }
    const unhandledNow = unhandled.count() - before;
    tables.push(
      [
        `Consumable checkouts (seed ${(SEED + 1).toString(16)}, faults on checkout)`,
        [
          'checkouts',
          'ok',
          'typed errors, mayHaveBeenProcessed',
          'typed errors, not processed',
          'charges',
          'duplicate charges',
          'charges without an outcome reported',
          'wrong',
          'unhandled',
        ],
        [
          [
            calls.length,
            ok,
            ambiguousTyped,
            refusedTyped,
            mine.length,
            duplicates,
            unreported,
            wrong.length,
            unhandledNow,
          ],
        ],
      ],
      ['Consumable checkouts by fault', ['fault', 'checkouts', 'outcomes'], tallyByFault(outcomes)],
    );

    expect(wrong).toEqual([]);
    expect(duplicates).toBe(0);
    expect(unreported).toBe(0);
    expect(unhandledNow).toBe(0);
    expect(ok + ambiguousTyped + refusedTyped).toBe(CHECKOUTS);
    expect(ok).toBeGreaterThan(0);
    expect(ambiguousTyped).toBeGreaterThan(0);
    expect(refusedTyped).toBeGreaterThan(0);
  });
});
