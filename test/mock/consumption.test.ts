import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutResultSchema } from '../../src/schemas/index.js';
import { SimulatorError } from '../../src/mock/index.js';
import {
  buy,
  call,
  closeServers,
  consumablesOf,
  expectSchema,
  startServer,
  teamPath,
} from './support.js';

afterEach(closeServers);

const PLANS = { PER_TEAM: 'team-per-team', PER_SEAT: 'team-per-seat' } as const;

/** A team with the member on a seat (multiplier 1) and the given auto-recharge settings. */
async function team(strategy: keyof typeof PLANS, settings: Record<string, unknown> = {}) {
  const server = await startServer();
  const { owner, member } = server.simulator.users;
  const { subscription } = await buy(server, PLANS[strategy], 3);
  await call(server, owner.token, 'PUT', `${teamPath(subscription)}/seat`, {
    add_seats: [{ email: member.email }],
  });
  const patched = await call(server, owner.token, 'PATCH', teamPath(subscription), settings);
  expect(patched.status).toBe(200);
  const draw = (units: number, service = 'ai-credits') =>
    server.simulator.consume({ token: member.token, service, units });
  const recharges = () =>
    server.simulator.charges.filter((charge) => charge.kind === 'auto-recharge');
  return { server, owner, member, subscription, draw, recharges };
}

const AUTO = {
  auto_recharge_enabled: true,
  recharge_threshold_amount: '5.00',
  recharge_amount: '10.00',
};

/** Runs `fn` and returns the SimulatorError it throws. */
function refusal(fn: () => unknown): SimulatorError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SimulatorError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.each(['PER_TEAM', 'PER_SEAT'] as const)('auto-recharge under %s', (strategy) => {
  it('recharges only when the balance falls below the threshold, and charges the owner', async () => {
    const { server, owner, subscription, draw, recharges } = await team(strategy, AUTO);
    expect(draw(5)).toMatchObject({ balance: 5, recharged: false });
    expect(recharges()).toEqual([]);
    expect(draw(1)).toMatchObject({ balance: 14, recharged: true });
    expect(recharges()).toEqual([
      expect.objectContaining({
        amount: '10.00',
        user: owner.id,
        subscription,
        service: 'ai-credits',
      }),
    ]);
    expect(
      (await call(server, owner.token, 'GET', teamPath(subscription))).body.current_period_spend,
    ).toBe(10);
  });

  it('adds floor(recharge_amount / price_per_unit) units and charges recharge_amount', async () => {
    const { draw, recharges } = await team(strategy, { ...AUTO, recharge_amount: '7.50' });
    expect(draw(6)).toMatchObject({ balance: 11, recharged: true });
    expect(recharges().map((charge) => charge.amount)).toEqual(['7.50']);
  });

  it('recharges as often as a large draw needs, then once more if it ends below the threshold', async () => {
    const { draw, recharges } = await team(strategy, {
      ...AUTO,
      recharge_threshold_amount: '50.00',
    });
    expect(draw(25)).toMatchObject({ balance: 15, recharged: true });
    expect(recharges()).toHaveLength(3);
  });

  it('answers "Billing period limit reached" once the spend reached the cap', async () => {
    const { server, owner, subscription, draw, recharges } = await team(strategy, {
      ...AUTO,
      max_monthly_spend: '10.00',
    });
    draw(6);
    expect(draw(14)).toMatchObject({ balance: 0, recharged: false });
    const error = refusal(() => draw(1));
    expect([error.status, error.body]).toEqual([
      402,
      { detail: 'Billing period limit reached', status_code: 402 },
    ]);
    expect(recharges()).toHaveLength(1);
    const read = (await call(server, owner.token, 'GET', teamPath(subscription))).body;
    expect(read).toMatchObject({ max_period_spend: '10.00', current_period_spend: 10 });
  });

  it('answers "No budget available for recharge" when a recharge would exceed the cap', async () => {
    const { draw, recharges } = await team(strategy, { ...AUTO, max_monthly_spend: '15.00' });
    draw(6);
    expect(draw(14)).toMatchObject({ balance: 0, recharged: false });
    const error = refusal(() => draw(1));
    expect([error.status, error.body]).toEqual([
      402,
      { detail: 'No budget available for recharge', status_code: 402 },
    ]);
    expect(recharges()).toHaveLength(1);
  });

  it('charges nothing for a draw that the cap cannot cover in full', async () => {
    const { draw, recharges } = await team(strategy, {
      ...AUTO,
      recharge_threshold_amount: '50.00',
      max_monthly_spend: '10.00',
    });
    expect(refusal(() => draw(25)).message).toBe('No budget available for recharge');
    expect(recharges()).toEqual([]);
  });

  it('never recharges when auto-recharge is off', async () => {
    const { draw, recharges } = await team(strategy, { auto_recharge_enabled: false });
    expect(draw(10)).toMatchObject({ balance: 0, recharged: false });
    expect(refusal(() => draw(1)).body).toEqual({
      detail: 'Not enough consumables',
      status_code: 402,
    });
    expect(recharges()).toEqual([]);
  });

  it('never recharges an unlimited consumable', async () => {
    const { draw, recharges } = await team(strategy, {
      ...AUTO,
      recharge_threshold_amount: '99999.00',
    });
    expect(draw(1000, 'live-classes')).toMatchObject({ balance: -1, recharged: false });
    expect(recharges()).toEqual([]);
  });

  it("leaves the owner's personal consumables out of auto-recharge", async () => {
    const { server, owner, recharges } = await team(strategy, AUTO);
    expect(
      server.simulator.consume({ token: owner.token, service: 'mentorship', units: 5 }),
    ).toMatchObject({ balance: 0, recharged: false });
    expect(
      refusal(() => server.simulator.consume({ token: owner.token, service: 'mentorship' })).status,
    ).toBe(402);
    expect(recharges()).toEqual([]);
  });
});

describe('PER_SEAT recharges the seat that drew', () => {
  it("tops up the member's seat and leaves the owner's seat as it was", async () => {
    const { server, owner, member, draw } = await team('PER_SEAT', AUTO);
    draw(6);
    expect((await consumablesOf(server, member.token, 'ai-credits'))[0].how_many).toBe(14);
    expect((await consumablesOf(server, owner.token, 'ai-credits'))[0].how_many).toBe(10);
  });
});

describe('manual recharge (consumable checkout)', () => {
  it.each([
    ['PER_TEAM', 'ai-credits', 'member', 15, '5.00'],
    ['PER_SEAT', 'ai-credits', 'owner', 15, '5.00'],
    ['PER_SEAT', 'mentorship', 'owner', 10, '25.00'],
  ] as const)(
    '%s %s: 5 units land where the %s sees them',
    async (strategy, service, viewer, howMany, amount) => {
      const { server, subscription, recharges, ...users } = await team(strategy);
      const owner = users.owner;
      const answer = await call(server, owner.token, 'POST', '/v2/payments/consumable/checkout', {
        service,
        how_many: 5,
        subscription,
      });
      expect(answer.status).toBe(201);
      expectSchema(CheckoutResultSchema, answer.body);
      expect(answer.body).toMatchObject({ amount, status: 'FULFILLED' });
      expect((await consumablesOf(server, users[viewer].token, service))[0].how_many).toBe(howMany);
      expect(server.simulator.charges.at(-1)).toMatchObject({
        kind: 'consumable-checkout',
        amount,
        user: owner.id,
        subscription,
        service,
      });
      expect(recharges()).toEqual([]);
      expect(
        (await call(server, owner.token, 'GET', teamPath(subscription))).body.current_period_spend,
      ).toBe(0);
    },
  );

  it.each([
    [{ service: 'ai-credits', how_many: 0 }, 400, 'how_many'],
    [{ service: 'ai-credits', how_many: -1 }, 400, 'how_many'],
    [{ service: 'ai-credits', how_many: 2.5 }, 400, 'how_many'],
    [{ service: 'ai-credits' }, 400, 'how_many'],
    [{ how_many: 1 }, 400, 'service'],
    [{ service: 'ai-credits', how_many: 1, subscription: 'x' }, 400, 'subscription'],
    [{ service: 'nope', how_many: 1 }, 400, 'detail'],
    [{ service: 'team-seat', how_many: -1 }, 400, 'how_many'],
    [{ service: 'live-classes', how_many: 3 }, 400, 'detail'],
    [{ service: 'ai-credits', how_many: 1, subscription: 999 }, 404, 'detail'],
  ])('refuses %j and charges nothing', async (body, status, field) => {
    const { server, owner, subscription } = await team('PER_TEAM');
    const answer = await call(server, owner.token, 'POST', '/v2/payments/consumable/checkout', {
      subscription,
      ...body,
    });
    expect(answer.status).toBe(status);
    // DRF's shape: `detail` a sentence, a field's refusal a list of them.
    const said = expect.stringMatching(/\w+ \w+/);
    expect(answer.body[field]).toEqual(field === 'detail' ? said : [said]);
    expect(server.simulator.charges.map((charge) => charge.kind)).toEqual(['payment']);
  });
});

describe('the consume route', () => {
  it('answers like sim.consume, with JSON errors', async () => {
    const { server, member } = await team('PER_TEAM');
    const ok = await call(server, member.token, 'POST', '/__mock/consume', {
      service: 'ai-credits',
      units: 10,
    });
    expect(ok).toMatchObject({
      status: 200,
      body: { balance: 0, recharged: false, consumable: { how_many: 0, service: 'ai-credits' } },
    });
    const empty = await call(server, member.token, 'POST', '/__mock/consume', {
      service: 'ai-credits',
    });
    expect(empty).toMatchObject({
      status: 402,
      body: { detail: 'Not enough consumables', status_code: 402 },
    });
    const invalid = await call(server, member.token, 'POST', '/__mock/consume', {
      service: 'unknown',
      units: 0,
    });
    expect(invalid).toMatchObject({ status: 400, body: { units: [expect.any(String)] } });
  });

  it('refuses an unknown token, an unknown service and a subscription the member has no part in', async () => {
    const { server, member, subscription } = await team('PER_TEAM');
    expect(
      refusal(() => server.simulator.consume({ token: 'nope', service: 'ai-credits' })).status,
    ).toBe(401);
    expect(
      refusal(() => server.simulator.consume({ token: member.token, service: 'nope' })).body,
    ).toMatchObject({ service: [expect.any(String)] });
    expect(
      refusal(() =>
        server.simulator.consume({
          token: member.token,
          service: 'ai-credits',
          subscription: subscription + 1,
        }),
      ).status,
    ).toBe(402);
  });
});
