import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BillingPeriodLimitError,
  createClient,
  NotFoundError,
  PurchaseError,
  SubscriptionTimeoutError,
  OwnerOnlyError,
  AuthenticationError,
  type SeatpayClient,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { PURCHASE_STEPS } from '../support/purchase-steps.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';
import { invoiceOf } from '../support/checkout-receipt.js';

// seatpay driven end to end against the simulator on a real loopback socket.
let server: MockServer;
let owner: SeatpayClient;
let member: SeatpayClient;

beforeEach(async () => {
  server = await startMockServer({ port: 0, subscriptionDelayMs: 30, mediaProcessingDelayMs: 10 });
  const options = { baseUrl: server.url, retryBaseDelay: 1, logLevel: 'off' as const };
  owner = createClient({ ...options, token: server.simulator.users.owner.token });
  member = createClient({ ...options, token: server.simulator.users.member.token });
});
afterEach(() => server.close());

const payCharges = () => server.simulator.charges.filter((charge) => charge.kind === 'payment');

describe('client.purchase against the simulator', () => {
  it('runs the whole flow and reports every step', async () => {
    const steps: string[] = [];
    const result = await owner.purchase({
      ...PER_SEAT_PURCHASE,
      onStep: ({ step }) => steps.push(step),
    });
    expect(steps).toEqual([...PURCHASE_STEPS]);
    expect(result.plan.slug).toBe('team-per-seat');
    expect(result.bag.token).toEqual(expect.any(String));
    expect(result.subscription).toMatchObject({ id: expect.any(Number), seats_limit: 3 });
    expect(result.consumables.length).toBeGreaterThan(0);
    expect(payCharges()).toHaveLength(1);
    // The payment it resolves with is the invoice of the one charge made, fulfilled.
    expect(result.payment).toMatchObject(invoiceOf(payCharges()[0]));
    const team = await owner.billingTeam.get(result.subscription.id);
    expect(team).toMatchObject({
      subscription: result.subscription.id,
      seats_limit: 3,
      consumption_strategy: 'PER_SEAT',
    });
  });

  it('a pay whose answer is lost after processing is not paid again: the subscription is found by polling', async () => {
    server.simulator.faults.inject({ route: 'POST /v1/payments/pay', kind: 'reset-after' });
    const result = await owner.purchase(PER_SEAT_PURCHASE);
    expect(result.payment).toBeUndefined();
    expect(result.subscription.id).toEqual(expect.any(Number));
    expect(payCharges()).toHaveLength(1);
  });

  it('a pay dropped before processing: charged unknown (the client cannot tell), and never paid again', async () => {
    server.simulator.faults.inject({ route: 'POST /v1/payments/pay', kind: 'reset-before' });
    const error = await owner
      .purchase({ ...PER_SEAT_PURCHASE, waitTimeout: 200 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PurchaseError);
    expect(error).toMatchObject({ step: 'wait', charged: 'unknown', mayHaveBeenProcessed: true });
    expect((error as PurchaseError).cause).toBeInstanceOf(SubscriptionTimeoutError);
    expect(payCharges()).toHaveLength(0);
  });

  it('a 500 from pay is not re-sent either', async () => {
    server.simulator.faults.inject({ route: 'POST /v1/payments/pay', kind: 'status', status: 500 });
    const error = await owner
      .purchase({ ...PER_SEAT_PURCHASE, waitTimeout: 200 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PurchaseError', step: 'wait', charged: 'unknown' });
    expect(server.simulator.charges).toHaveLength(0);
    expect(payCharges()).toHaveLength(0);
  });

  it('a 429 on pay says it was refused, so it is re-sent and charged once', async () => {
    server.simulator.faults.inject({
      route: 'POST /v1/payments/pay',
      kind: 'status',
      status: 429,
      retryAfter: '0',
    });
    const result = await owner.purchase(PER_SEAT_PURCHASE);
    expect(payCharges()).toHaveLength(1);
    expect(result.payment).toMatchObject(invoiceOf(payCharges()[0]));
  });

  it('an unknown plan rejects before paying, with charged "no" and the 404 as cause', async () => {
    const error = await owner
      .purchase({ ...PER_SEAT_PURCHASE, plan: 'no-such-plan' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PurchaseError);
    expect(error).toMatchObject({ step: 'plan', charged: 'no', mayHaveBeenProcessed: false });
    expect((error as PurchaseError).cause).toBeInstanceOf(NotFoundError);
    expect(payCharges()).toHaveLength(0);
  });
});

describe('typed errors from the simulator', () => {
  it('owner-only management, the seat limit and a bad token', async () => {
    const { subscription } = await owner.purchase(PER_SEAT_PURCHASE);
    await owner.seats.add(subscription.id, [{ email: server.simulator.users.member.email }]);
    await expect(
      member.seats.add(subscription.id, [{ email: 'x@example.com' }]),
    ).rejects.toBeInstanceOf(OwnerOnlyError);
    await expect(
      member.billingTeam.update(subscription.id, { auto_recharge_enabled: true }),
    ).rejects.toBeInstanceOf(OwnerOnlyError);
    await owner.seats.add(subscription.id, [{ email: 'y@example.com' }]);
    await expect(
      owner.seats.add(subscription.id, [{ email: 'z@example.com' }]),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Seats limit exceeded'),
    });
    const stranger = createClient({ baseUrl: server.url, token: 'not-a-token', logLevel: 'off' });
    await expect(stranger.subscriptions.list()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('a spending cap reached surfaces as BillingPeriodLimitError on the control route', async () => {
    const { subscription } = await owner.purchase(PER_SEAT_PURCHASE);
    await owner.seats.add(subscription.id, [{ email: server.simulator.users.member.email }]);
    await owner.billingTeam.update(subscription.id, {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '5.00',
      recharge_amount: '10.00',
      max_monthly_spend: '10.00',
    });
    const draw = () =>
      fetch(`${server.url}/__mock/consume`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${server.simulator.users.member.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ service: 'ai-credits', subscription: subscription.id }),
      });
    let last: Response | undefined;
    for (let i = 0; i < 40 && (last === undefined || last.ok); i++) last = await draw();
    expect(last?.ok).toBe(false);
    const body = (await last!.json()) as { detail: string };
    expect(body.detail).toMatch(/Billing period limit reached|No budget available for recharge/);
    const { spent } = await owner.billingTeam
      .get(subscription.id)
      .then((team) => ({ spent: team.current_period_spend }));
    expect(Number(spent)).toBeLessThanOrEqual(10);
    expect(BillingPeriodLimitError.name).toBe('BillingPeriodLimitError');
  });
});
