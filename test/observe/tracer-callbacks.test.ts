// A tracer is the user's code, and it may run `startActiveSpan`'s callback later (an
// async-initialised wrapper: the next microtask, a timer), twice, never, or throw. Whatever it
// does, with the attempt spans (CLIENT) or the helpers' operation spans (INTERNAL), every request
// reaches the simulator once and the call settles with its own outcome. Real timers: the late
// callbacks run on the real clock, and each test waits for all of them before counting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, memoryJournal, type SeatpayClient } from '../../src/index.js';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { watchedSimulator, type WatchedSimulator } from '../support/watched-simulator.js';

type Callback = (span: unknown) => unknown;

/** What the tracer does with the callback of a span it misbehaves on. */
const BEHAVIOURS = {
  'on the next microtask': (fn: Callback, late: Late) =>
    late(new Promise((resolve) => queueMicrotask(() => resolve(fn(span()))))),
  'on a timer': (fn: Callback, late: Late) =>
    late(new Promise((resolve) => setTimeout(() => resolve(fn(span())), 5))),
  'twice at once': (fn: Callback) => {
    const one = span();
    void fn(one);
    return fn(one);
  },
  'twice, the second later with another span': (fn: Callback, late: Late) => {
    const first = fn(span());
    late(new Promise((resolve) => setTimeout(() => resolve(fn(span())), 5)));
    return first;
  },
  never: () => undefined,
  'throwing before calling back': () => {
    throw new Error('tracer broke');
  },
  'throwing after calling back': (fn: Callback) => {
    void fn(span());
    throw new Error('tracer broke late');
  },
} satisfies Record<string, (fn: Callback, late: Late) => unknown>;

type Late = (work: Promise<unknown>) => void;
type Behaviour = keyof typeof BEHAVIOURS;
/** Which spans the tracer misbehaves on: the attempts' (kind CLIENT, 2), the helpers' (INTERNAL, 0). */
const TARGETS = { attempt: 2, operation: 0 } as const;
type Target = keyof typeof TARGETS;

const span = () => ({ setAttribute() {}, addEvent() {}, setStatus() {}, end() {} });

/** A tracer that misbehaves on one kind of span and calls back at once on the other. */
function misbehaving(behaviour: Behaviour, target: Target) {
  const pending: Promise<unknown>[] = [];
  const late: Late = (work) => void pending.push(work.catch(() => undefined));
  const tracer = {
    startActiveSpan(_name: string, options: { kind?: number }, fn: Callback) {
      if (options.kind !== TARGETS[target]) return fn(span());
      return BEHAVIOURS[behaviour](fn, late);
    },
  };
  /** Resolves once every late callback has run and what it returned has settled. */
  const settled = async () => {
    for (let seen = -1; seen !== pending.length;) {
      seen = pending.length;
      await Promise.all(pending);
    }
  };
  return { tracer, settled };
}

let server: MockServer;
let watched: WatchedSimulator;
let users = 0;
const CARD = { card_number: '4242424242424242', cvc: '123' };
/** A buyer with a team subscription, bought untraced once: what a checkout buys units for. */
let buyer: { token: string; subscription: number };

beforeAll(async () => {
  watched = watchedSimulator(createSimulator({ subscriptionDelayMs: 10 }));
  server = await startMockServer({ simulator: watched.simulator });
  const { token } = server.simulator.addUser({ email: 'tracer-buyer@example.com' });
  const client = createClient({ baseUrl: server.url, token, logLevel: 'off' });
  const plan = { plan: 'team-per-seat', team_seats: 2, card: CARD, chosen_period: 'MONTH' };
  const { subscription } = await client.purchase({ ...plan, pollInterval: 5 });
  buyer = { token, subscription: subscription.id };
});
afterAll(async () => {
  await server?.close();
  server?.simulator.close();
});

/** A client with the tracer (a fresh user's, or `token`'s), and the requests the simulator receives from now on. */
function traced(
  tracer: { startActiveSpan: (name: string, options: object, fn: Callback) => unknown },
  token = server.simulator.addUser({ email: `tracer-${++users}@example.com` }).token,
): { client: SeatpayClient; arrived: string[]; stop: () => void } {
  const client = createClient({
    baseUrl: server.url,
    token,
    tracer: tracer as never,
    logLevel: 'off',
  });
  const arrived: string[] = [];
  const stop = watched.onArrival((route) => arrived.push(route));
  return { client, arrived, stop: () => void stop() };
}

const count = (arrived: string[], route: string) => arrived.filter((r) => r === route).length;
const cases = (Object.keys(BEHAVIOURS) as Behaviour[]).flatMap((behaviour) =>
  (Object.keys(TARGETS) as Target[]).map((target) => [behaviour, target] as const),
);

describe.each(cases)('a tracer calling back %s (on the %s spans)', (behaviour, target) => {
  it('plans.get sends one GET', async () => {
    const { tracer, settled } = misbehaving(behaviour, target);
    const { client, arrived, stop } = traced(tracer);
    await expect(client.plans.get('team-per-seat')).resolves.toMatchObject({
      slug: 'team-per-seat',
    });
    await settled();
    await watched.idle();
    stop();
    expect(arrived).toEqual(['GET /v1/payments/plan/team-per-seat']);
  });

  it('a keyed consumables.checkout buys once', async () => {
    const { tracer, settled } = misbehaving(behaviour, target);
    const { client, arrived, stop } = traced(tracer, buyer.token);
    const order = {
      service: 'ai-credits',
      how_many: 2,
      subscription: buyer.subscription,
      key: `order-${++users}`,
      journal: memoryJournal(),
    };
    await expect(client.consumables.checkout(order)).resolves.toMatchObject({
      id: expect.any(Number),
    });
    await settled();
    await watched.idle();
    stop();
    expect(count(arrived, 'POST /v2/payments/consumable/checkout')).toBe(1);
  });

  it('purchase() pays once', async () => {
    const { tracer, settled } = misbehaving(behaviour, target);
    const { client, arrived, stop } = traced(tracer);
    const bought = client.purchase({
      plan: 'team-per-seat',
      team_seats: 2,
      card: CARD,
      chosen_period: 'MONTH',
      pollInterval: 5,
    });
    await expect(bought).resolves.toMatchObject({ subscription: { seats_limit: 2 } });
    await settled();
    await watched.idle();
    stop();
    expect(count(arrived, 'POST /v1/payments/pay')).toBe(1);
  });

  it('media.upload sends each chunk and the finalize once', async () => {
    const { tracer, settled } = misbehaving(behaviour, target);
    const { client, arrived, stop } = traced(tracer);
    const source = new Uint8Array(3_000).map((_, i) => i % 251);
    const uploaded = client.media.upload(source, {
      operation_type: 'test-small',
      filename: `notes-${users}.bin`,
      mime: 'application/octet-stream',
      meta: { slug: 'notes', name: 'Notes', categories: [] },
    });
    await expect(uploaded).resolves.toMatchObject({ id: expect.any(Number) });
    await settled();
    await watched.idle();
    stop();
    const sent = arrived.filter((route) => route.startsWith('P')); // the chunks' and finalize's
    expect(sent).toHaveLength(4); // 3 chunks of 1,024 bytes at most, then the finalize
    expect(new Set(sent).size).toBeLessThanOrEqual(2);
  });
});
