import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  AuthenticationError,
  createClient,
  memoryJournal,
  PurchaseError,
  type ClientOptions,
  type PurchaseOptions,
} from '../../src/index.js';
import {
  createSimulator,
  startMockServer,
  type MockServer,
  type MockUser,
} from '../../src/mock/index.js';
import { watchedSimulator, type WatchedSimulator } from '../support/watched-simulator.js';
import { printTable } from './support/faults-figures.js';
import { trackUnhandled } from './support/track-unhandled.js';
import { TEAM_PURCHASE } from './support/team-purchase.js';
import { attempt, judgeAttempts, type Attempt } from './support/purchase-ledger.js';
import { invoiceOf } from '../support/checkout-receipt.js';

// purchase() when the service acted but the client cannot see it, when buyers race, when the
// caller aborts or its own code throws, when the token expires mid-flow. Every attempt is judged
// against the simulator's charge log (per bag): 0 double charges, 0 rejections that hide a charge,
// 0 resolutions to a subscription that is not this purchase's. An abort lands on an event (the
// request reaching the service, or its charge being there), never after a guessed delay. Run alone:
//   npx vitest run test/reliability/purchase-races.test.ts

const PAY = 'POST /v1/payments/pay';
const BUY: PurchaseOptions = {
  ...TEAM_PURCHASE,
  pollInterval: 10,
  waitTimeout: 1_500,
};

let server: MockServer;
let watched: WatchedSimulator;
let unhandled: ReturnType<typeof trackUnhandled>;
const attempts: Attempt[] = [];
let users = 0;

beforeAll(async () => {
  const simulator = createSimulator({ subscriptionDelayMs: 50 });
  watched = watchedSimulator(simulator);
  server = await startMockServer({ simulator: watched.simulator });
  unhandled = trackUnhandled();
});

afterAll(async () => {
  const ledger = judgeAttempts(attempts, server.simulator.charges);
  printTable(
    'purchase() under races, aborts, lost answers, throwing callbacks and expiring tokens',
    [
      'attempts',
      'resolved',
      'rejected, charged no',
      'rejected, charged yes/unknown',
      'double charges',
      'hidden charges',
      'foreign subscriptions',
      'untyped',
      'unhandled',
    ],
    [
      [
        ledger.attempts,
        ledger.resolved,
        ledger.rejectedNotCharged,
        ledger.rejectedCharged,
        ledger.doubleCharges,
        ledger.hiddenCharges,
        ledger.foreignSubscriptions,
        ledger.untyped,
        unhandled.count(),
      ],
    ],
  );
  unhandled?.stop();
  await server?.close();
  server?.simulator.close();
});

function buyer(): MockUser {
  return server.simulator.addUser({ email: `racer-${++users}@example.com` });
}

function clientOf(user: MockUser, options: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: server.url,
    token: () => user.token,
    retryBaseDelay: 1,
    timeout: 1_000,
    logLevel: 'off',
    ...options,
  });
}

/** Runs the attempts, records them for the ledger, and checks this group on its own. */
async function judged(group: Promise<Attempt>[]): Promise<Attempt[]> {
  const done = await Promise.all(group);
  attempts.push(...done);
  await watched.idle(); // a request the client stopped waiting for still lands: judge after it
  const ledger = judgeAttempts(done, server.simulator.charges);
  expect(ledger.problems).toEqual([]);
  expect(ledger.doubleCharges).toBe(0);
  return done;
}

/** Aborts `controller` once `ready()` holds (checked every few ms: an order of events). */
async function when(ready: () => boolean, controller: AbortController): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
  controller.abort();
}

const paymentsOf = (user: MockUser) =>
  server.simulator.charges.filter((c) => c.kind === 'payment' && c.user === user.id);

describe('races', () => {
  it('four purchases at once on one client: four charges, four different subscriptions, each its own', async () => {
    const user = buyer();
    // One client runs its purchases one after another: the last waits for three whole flows, so
    // the timeouts are far above anything a loaded machine takes (the race is what is tested).
    const client = clientOf(user, { timeout: 30_000 });
    const done = await judged(
      Array.from({ length: 4 }, () =>
        attempt('four at once', client, { ...BUY, waitTimeout: 60_000 }),
      ),
    );
    const ids = done.map((seen) => seen.result?.subscription.id);
    expect(new Set(ids).size).toBe(4);
    expect(paymentsOf(user)).toHaveLength(4);
  });

  it('a purchase whose pay never arrived never resolves, while the one beside it does', async () => {
    const user = buyer();
    const client = clientOf(user);
    server.simulator.faults.inject({ route: PAY, kind: 'reset-before' });
    // The fault takes whichever pay reaches the service first: the two race on their own sockets.
    const done = await judged([
      attempt('pay never arrived, or beside it', client, BUY),
      attempt('pay never arrived, or beside it', client, BUY),
    ]);
    const lost = done.filter((seen) => seen.error !== undefined);
    const paid = done.filter((seen) => seen.result !== undefined);
    expect(lost).toHaveLength(1);
    expect(paid).toHaveLength(1);
    expect(lost[0]!.error).toMatchObject({
      name: 'PurchaseError',
      step: 'wait',
      charged: 'unknown',
    });
    expect(paid[0]!.result?.payment).toMatchObject(invoiceOf(paymentsOf(user)[0]));
    expect(paymentsOf(user)).toHaveLength(1);
  });

  it('the same user buys elsewhere at the same moment: each purchase keeps its own subscription', async () => {
    const user = buyer();
    server.simulator.faults.inject({ route: PAY, kind: 'concurrent-purchase' });
    const [here, other] = await judged([
      attempt('elsewhere at once', clientOf(user), BUY),
      attempt('second client', clientOf(user), BUY),
    ]);
    // Three charges: these two purchases and the one made elsewhere.
    expect(paymentsOf(user)).toHaveLength(3);
    expect(here!.result?.subscription.id).not.toBe(other!.result?.subscription.id);
  });

  it('the same key twice at once in one process: one charge, the same subscription', async () => {
    const user = buyer();
    const client = clientOf(user);
    const keyed = { ...BUY, key: 'order-twice' };
    const [a, b] = await judged([
      attempt('same key', client, keyed),
      attempt('same key', client, keyed),
    ]);
    expect(paymentsOf(user)).toHaveLength(1);
    expect(a!.result?.subscription.id).toBe(b!.result?.subscription.id);
  });
});

describe('waiting for the purchase ahead on the client (one money flow at a time)', () => {
  it.each([
    [
      'while it waits in line',
      (controller: AbortController) => setImmediate(() => controller.abort()),
    ],
    ['as it joins the line', (controller: AbortController) => controller.abort()],
  ])(
    'aborted %s: AbortError at once, nothing charged; the purchase ahead then pays once',
    async (_when, abort) => {
      const user = buyer();
      // A journal may take as long as a request's timeout: long here, the wait is the test's.
      const client = clientOf(user, { timeout: 60_000 });
      // The purchase ahead holds the line: its journal's claim (made in line) answers when let go.
      const journal = memoryJournal();
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => (letGo = resolve));
      let inLine!: () => void;
      const holding = new Promise<void>((resolve) => (inLine = resolve));
      const ahead = attempt('ahead in line', client, {
        ...BUY,
        key: 'order-ahead',
        journal: {
          ...journal,
          claim: async (key, record) => {
            inLine();
            await held;
            return journal.claim!(key, record);
          },
        },
      });
      await holding;
      const controller = new AbortController();
      // 'card' is the last step before the line.
      const onStep = ({ step }: { step: string }) => void (step === 'card' && abort(controller));
      const [behind] = await judged([
        attempt('aborted in line', client, { ...BUY, signal: controller.signal, onStep }),
      ]);
      expect(behind!.error).toMatchObject({ name: 'PurchaseError', charged: 'no' });
      expect((behind!.error as PurchaseError).cause).toBeInstanceOf(AbortError);
      letGo();
      const [first] = await judged([ahead]);
      expect(first!.result?.subscription.id).toBe(paymentsOf(user)[0]?.subscription);
      expect(paymentsOf(user)).toHaveLength(1);
    },
  );
});

describe('the same key, again while the first run waits', () => {
  it('a second call with the key, made once the first has paid, ends with the same subscription', async () => {
    const user = buyer();
    const client = clientOf(user);
    server.simulator.faults.inject({ route: PAY, kind: 'late-subscription', delayMs: 300 });
    const keyed = { ...BUY, key: 'order-again' };
    let second: Promise<Attempt> | undefined;
    const first = attempt('same key, first', client, {
      ...keyed,
      onStep: ({ step }) =>
        void (step === 'pay' && (second = attempt('same key, again', client, keyed))),
    });
    const [a] = await judged([first]);
    const [b] = await judged([second!]);
    expect(b!.result?.subscription.id).toBe(a!.result?.subscription.id);
    expect(paymentsOf(user)).toHaveLength(1);
  });
});

describe('after the service acted', () => {
  it('aborted while pay is in flight: AbortError with mayHaveBeenProcessed, and the re-run pays nothing', async () => {
    const user = buyer();
    const client = clientOf(user, { timeout: 10_000 });
    server.simulator.faults.inject({ route: PAY, kind: 'hang-after' });
    const controller = new AbortController();
    const keyed = { ...BUY, key: 'order-abort' };
    // Abort once pay reached the service and charged: the answer that follows is lost.
    const onStep = ({ step }: { step: string }) => {
      if (step === 'existing') void when(() => paymentsOf(user).length === 1, controller);
    };
    const [aborted] = await judged([
      attempt('abort in pay', client, { ...keyed, signal: controller.signal, onStep }),
    ]);
    const error = aborted!.error as PurchaseError;
    expect(error).toMatchObject({ step: 'pay', charged: 'unknown', mayHaveBeenProcessed: true });
    expect(error.cause).toBeInstanceOf(AbortError);
    expect(error.cause).toMatchObject({ mayHaveBeenProcessed: true });
    const [again] = await judged([attempt('abort in pay, re-run', client, keyed)]);
    expect(again!.result?.subscription.id).toBe(paymentsOf(user)[0]?.subscription);
    expect(paymentsOf(user)).toHaveLength(1);
  });

  it("the caller's onStep throws after pay: the error says charged, with the payment; the re-run finds the subscription", async () => {
    const user = buyer();
    const client = clientOf(user);
    const keyed = { ...BUY, key: 'order-onstep' };
    const onStep = ({ step }: { step: string }) => {
      if (step === 'pay') throw new Error('my UI broke');
    };
    const [thrown] = await judged([attempt('onStep throws', client, { ...keyed, onStep })]);
    const error = thrown!.error as PurchaseError;
    expect(error).toMatchObject({ step: 'pay', charged: 'yes', mayHaveBeenProcessed: true });
    expect(error.payment).toMatchObject({ id: expect.any(Number) });
    expect((error.cause as Error).message).toBe('my UI broke');
    const [again] = await judged([attempt('onStep throws, re-run', client, keyed)]);
    expect(again!.result?.payment).toEqual(error.payment);
    expect(paymentsOf(user)).toHaveLength(1);
  });

  it('the token expires right after pay: a fixed token ends in PurchaseError (charged), the re-run with a fresh one ends with it', async () => {
    const user = buyer();
    const journal = memoryJournal();
    server.simulator.faults.inject({ route: PAY, kind: 'expire-token' });
    // A key is its token's unless an identity is given: the fresh token is the same user.
    const keyed = { ...BUY, key: 'order-expired', journal, identity: `user-${user.id}` };
    const [expired] = await judged([
      attempt('token expires', clientOf(user, { token: user.token }), keyed),
    ]);
    const error = expired!.error as PurchaseError;
    expect(error).toMatchObject({ step: 'wait', charged: 'yes' });
    expect(error.cause).toBeInstanceOf(AuthenticationError);
    const refreshed = clientOf(user, { token: user.token }); // the simulator's fresh token
    const [again] = await judged([attempt('token expired, re-run', refreshed, keyed)]);
    expect(again!.result?.subscription.id).toBe(paymentsOf(user)[0]?.subscription);
    expect(paymentsOf(user)).toHaveLength(1);
  });

  it('the token expires right after pay: a token provider that reads the fresh one recovers by itself', async () => {
    const user = buyer();
    server.simulator.faults.inject({ route: PAY, kind: 'expire-token' });
    const [recovered] = await judged([attempt('token expires, provider', clientOf(user), BUY)]);
    expect(recovered!.result?.payment).toMatchObject(invoiceOf(paymentsOf(user)[0]));
    expect(paymentsOf(user)).toHaveLength(1);
  });

  it('a token provider that throws after pay, or a logger that throws on the answer, does not hide the charge', async () => {
    const user = buyer();
    let paid = false;
    const token = () => {
      if (paid) throw new Error('vault unreachable');
      return user.token;
    };
    const [provider] = await judged([
      attempt('token provider throws', clientOf(user, { token }), {
        ...BUY,
        onStep: ({ step }) => void (step === 'pay' && (paid = true)),
      }),
    ]);
    expect(provider!.error).toMatchObject({
      step: 'wait',
      charged: 'yes',
      mayHaveBeenProcessed: true,
    });

    const other = buyer();
    const logger = {
      error: () => undefined,
      warn: () => undefined,
      debug: () => undefined,
      info: (line: string) => {
        if (line.includes('← 201 POST') && line.includes('/payments/pay'))
          throw new Error('log sink full');
      },
    };
    const [logged] = await judged([
      attempt('logger throws', clientOf(other, { logger, logLevel: 'info' }), BUY),
    ]);
    // A logger that throws no longer costs the call its answer: the payment is known, and single.
    expect(logged!.result?.payment).toMatchObject(invoiceOf(paymentsOf(other)[0]));
    expect(paymentsOf(other)).toHaveLength(1);
  });

  it('a subscription that appears after the wait: PurchaseError charged yes; the re-run with the key ends with it', async () => {
    const user = buyer();
    const client = clientOf(user);
    server.simulator.faults.inject({ route: PAY, kind: 'late-subscription', delayMs: 800 });
    const keyed = { ...BUY, key: 'order-late', waitTimeout: 300 };
    const [late] = await judged([attempt('late subscription', client, keyed)]);
    expect(late!.error).toMatchObject({ step: 'wait', charged: 'yes' });
    const [again] = await judged([
      attempt('late subscription, re-run', client, { ...keyed, waitTimeout: 3_000 }),
    ]);
    expect(again!.result?.subscription.id).toBe(paymentsOf(user)[0]?.subscription);
    expect(paymentsOf(user)).toHaveLength(1);
  });
});

describe('the caller aborts after a money call was sent', () => {
  /** Runs `call`, aborting it once `route` reached the service (and `done()` holds, if given). */
  const abortedOnArrival = async (
    route: string,
    call: (signal: AbortSignal) => Promise<unknown>,
    done: () => boolean = () => true,
  ) => {
    const controller = new AbortController();
    let arrived = false;
    const stop = watched.onArrival((seen) => void (seen === route && (arrived = true)));
    void when(() => arrived && done(), controller).finally(stop);
    return call(controller.signal).catch((error: unknown) => error);
  };

  it('pay.bag and checking: AbortError with mayHaveBeenProcessed true; a listing or an abort before sending: false', async () => {
    const user = buyer();
    const client = clientOf(user, { timeout: 10_000 });
    const plan = await client.plans.get('team-per-seat');
    const bag = await client.checking.bag({ plans: [plan.id!], team_seats: 2 });
    await client.card.register({ card_number: '4242424242424242', cvc: '123' });

    server.simulator.faults.inject({ route: PAY, kind: 'hang-after' });
    const pay = await abortedOnArrival(
      PAY,
      (signal) => client.pay.bag({ token: bag.token, chosen_period: 'MONTH' }, { signal }),
      () => paymentsOf(user).length === 1,
    );
    expect(pay).toBeInstanceOf(AbortError);
    expect(pay).toMatchObject({ mayHaveBeenProcessed: true });
    expect(paymentsOf(user)).toHaveLength(1); // it was processed: the flag told the truth

    server.simulator.faults.inject({ route: 'POST /v1/payments/checking', kind: 'hang-after' });
    const checking = await abortedOnArrival('POST /v1/payments/checking', (signal) =>
      client.checking.preview({ plans: [plan.id!] }, { signal }),
    );
    expect(checking).toMatchObject({ name: 'AbortError', mayHaveBeenProcessed: true });

    server.simulator.faults.inject({
      route: 'GET /v1/payments/me/subscription',
      kind: 'hang-after',
    });
    const listing = await abortedOnArrival('GET /v1/payments/me/subscription', (signal) =>
      client.subscriptions.list({ signal }),
    );
    expect(listing).toMatchObject({ name: 'AbortError', mayHaveBeenProcessed: false });

    const early = await client.pay
      .bag({ token: bag.token, chosen_period: 'MONTH' }, { signal: AbortSignal.abort() })
      .catch((error: unknown) => error);
    expect(early).toMatchObject({ name: 'AbortError', mayHaveBeenProcessed: false });
    expect(paymentsOf(user)).toHaveLength(1);
  });
});
