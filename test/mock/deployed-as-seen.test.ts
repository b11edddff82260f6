import { afterEach, describe, expect, it } from 'vitest';
import { DECLINED_CARD_NUMBER } from '../../src/mock/index.js';
import {
  DEPLOYED_EXTRAS,
  buy,
  call,
  closeServers,
  consumablesOf,
  extrasOf,
  ownedTeam,
  routesOf,
  startServer,
  teamPath,
  waitForNewSubscription,
  waitForTeam,
  type Json,
} from './support.js';
import type { MockServer, MockServerOptions } from '../../src/mock/index.js';

// What the deployed server was seen doing when its code ran locally (live-api.md, last section),
// played by the simulator's deployed profile; each next to what the spec profile does instead.
afterEach(closeServers);

const SUBSCRIPTIONS = '/v1/payments/me/subscription';
const CHECKOUT = '/v2/payments/consumable/checkout';

async function preview(server: MockServer, plan: string, teamSeats?: number) {
  const { checking } = routesOf(server);
  return call(server, server.simulator.users.owner.token, checking.method, checking.path, {
    type: 'PREVIEW',
    plans: [plan],
    ...(teamSeats === undefined ? {} : { team_seats: teamSeats }),
  });
}

/** Registers the card and pays with it; the first refusal is the answer. */
async function payWith(server: MockServer, cardNumber: string) {
  const { token } = server.simulator.users.owner;
  const { createBag, registerCard, pay } = routesOf(server);
  const bag = await call(server, token, createBag.method, createBag.path, {
    ...createBag.fixedFields,
    plans: ['personal'],
  });
  const card = await call(server, token, registerCard.method, registerCard.path, {
    card_number: cardNumber,
    cvc: '123',
    ...extrasOf(server, 'card'),
  });
  if (card.status !== 200) return card;
  return call(server, token, pay.method, pay.path, {
    token: bag.body.token,
    chosen_period: 'MONTH',
    ...extrasOf(server, 'pay'),
  });
}

describe.each(['spec', 'deployed'] as const)('both profiles (%s)', (profile) => {
  it('declines the test card with 402 "Card declined" (deployed: at registration) and charges nothing', async () => {
    const server = await startServer({ profile });
    const declined = await payWith(server, DECLINED_CARD_NUMBER);
    const at = new URL(declined.url).pathname;
    expect(at).toBe(profile === 'deployed' ? '/v1/payments/card' : '/v1/payments/pay');
    expect([declined.status, declined.body]).toEqual([
      402,
      { detail: 'Card declined', status_code: 402, silent: true, silent_code: 'card-error' },
    ]);
    expect(server.simulator.charges).toEqual([]);
    expect((await payWith(server, '4242424242424242')).status).toBe(201);
  });
});

describe('the deployed server, as seen', () => {
  const deployed = (options: MockServerOptions = {}) =>
    startServer({ profile: 'deployed', ...options });

  it('lists a team subscription before its billing team exists (has_billing_team false, 404)', async () => {
    const server = await deployed({ billingTeamDelayMs: 60_000 });
    const { token } = server.simulator.users.owner;
    const { createBag, registerCard, pay } = routesOf(server);
    const bag = await call(server, token, createBag.method, createBag.path, {
      type: 'PREVIEW',
      plans: ['team-per-seat'],
      team_seats: 2,
    });
    await call(server, token, registerCard.method, registerCard.path, {
      card_number: '4242424242424242',
      cvc: '123',
      ...DEPLOYED_EXTRAS.card,
    });
    await call(server, token, pay.method, pay.path, {
      token: bag.body.token,
      chosen_period: 'MONTH',
      ...DEPLOYED_EXTRAS.pay,
    });
    const listed: Json = await waitForNewSubscription(server, token);
    expect([listed.has_billing_team, listed.seats_limit]).toEqual([false, null]);
    expect(listed.invoices[0].bag.seat_service_item).toMatchObject({ how_many: 2 });
    const team = await call(server, token, 'GET', teamPath(listed.id));
    expect([team.status, team.body.detail]).toEqual([404, 'Billing team not found']);
  });

  it('builds the team a moment later: seats_limit = additional_seats + 1', async () => {
    const { server, owner, subscription, path } = await ownedTeam('team-per-seat', 3, {
      profile: 'deployed',
    });
    const listing = await call(server, owner.token, 'GET', SUBSCRIPTIONS);
    expect(listing.body.subscriptions[0]).toMatchObject({ has_billing_team: true, seats_limit: 4 });
    const team = await call(server, owner.token, 'GET', path);
    expect([team.body.additional_seats, team.body.seats_limit]).toEqual([3, 4]);
    expect(subscription).toEqual(listing.body.subscriptions[0].id);
  });

  it('reuses an unpaid preview: 200 with the same bag, re-priced', async () => {
    const server = await deployed();
    const first = await preview(server, 'team-per-seat', 2);
    const second = await preview(server, 'team-per-seat', 3);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect([second.body.id, second.body.token]).toEqual([first.body.id, first.body.token]);
    expect([first.body.amount_per_month, second.body.amount_per_month]).toEqual([89.99, 104.99]);
  });

  it('refuses at preview a plan the user already has', async () => {
    const server = await deployed();
    await buy(server, 'personal');
    const again = await preview(server, 'personal');
    expect([again.status, again.body.detail]).toEqual([
      400,
      'You already have a subscription to this plan',
    ]);
    expect((await preview(server, 'team-per-team', 2)).status).toBe(201);
  });

  it('sends amounts as JSON numbers: plan prices, bag amounts, invoices', async () => {
    const server = await deployed();
    const { token } = server.simulator.users.owner;
    const plan = await call(server, token, 'GET', '/v1/payments/plan/team-per-seat');
    expect(plan.body).toMatchObject({ price_per_month: 59.99, price_per_year: 599.99 });
    expect(plan.body.seat_service_price.price_per_unit).toBe(15);
    // That server prices units in the plan's add-ons, not in its service items.
    expect(plan.body.add_ons[0].price_per_unit).toBe(1);
    const paid = await payWith(server, '4242424242424242');
    expect([paid.body.amount, paid.body.bag.amount_per_month]).toEqual([19.99, 19.99]);
  });

  it('answers an added seat as an invite (user: null) even for a registered user', async () => {
    const { server, owner, member, path } = await ownedTeam('team-per-seat', 3, {
      profile: 'deployed',
    });
    const added = await call(server, owner.token, 'PUT', `${path}/seat`, {
      add_seats: [{ email: member.email, ...DEPLOYED_EXTRAS.seat }],
    });
    expect([added.status, added.body.data[0].email, added.body.data[0].user]).toEqual([
      207,
      member.email,
      null,
    ]);
    // The simulator's invitee accepts at once: the listing names the user.
    const seats = (await call(server, owner.token, 'GET', `${path}/seat`)).body as Json[];
    expect(seats.find((seat) => seat.email === member.email)?.user).toBe(member.id);
  });

  it('checks out a service by id or slug without a subscription: 201, standalone units', async () => {
    const { server, owner } = await ownedTeam('team-per-seat', 2, { profile: 'deployed' });
    const before = await consumablesOf(server, owner.token, 'ai-credits');
    const byId = await call(server, owner.token, 'POST', CHECKOUT, {
      service: 2,
      how_many: 5,
      ...DEPLOYED_EXTRAS.checkout,
    });
    expect(byId.status).toBe(201);
    expect(byId.body.amount).toBe(4); // 5 x 1.00, less its academy's bundle discount (20 %)
    expect(byId.body.standalone_consumables).toEqual([
      expect.objectContaining({
        how_many: 5,
        user: expect.objectContaining({ id: owner.id }),
        service: expect.any(Object),
      }),
    ]);
    const bySlug = await call(server, owner.token, 'POST', CHECKOUT, {
      service: 'mentorship',
      how_many: 1,
      ...DEPLOYED_EXTRAS.checkout,
    });
    expect([bySlug.status, bySlug.body.amount]).toEqual([201, 5]); // mentorship: no bundles
    const two = await call(server, owner.token, 'POST', CHECKOUT, {
      service: 'ai-credits',
      how_many: 2,
      ...DEPLOYED_EXTRAS.checkout,
    });
    expect(two.body.amount).toBe(1.8); // the second bundle takes 10 % off
    const after = await consumablesOf(server, owner.token, 'ai-credits');
    expect(after.slice(before.length).map((item: Json) => item.how_many)).toEqual([5, 2]);
  });

  it('still needs the subscription for the seat service', async () => {
    const { server, owner } = await ownedTeam('team-per-seat', 2, { profile: 'deployed' });
    const seats = await call(server, owner.token, 'POST', CHECKOUT, {
      service: 'team-seat',
      how_many: 4,
      ...DEPLOYED_EXTRAS.checkout,
    });
    expect([seats.status, seats.body.subscription]).toEqual([400, ['This field is required.']]);
    expect(server.simulator.charges.map((charge) => charge.kind)).toEqual(['payment']);
  });

  it('takes a partial billing team PUT: {} changes nothing, a negative amount is a field error', async () => {
    const { server, owner, path } = await ownedTeam('team-per-seat', 2, { profile: 'deployed' });
    const before = (await call(server, owner.token, 'GET', path)).body;
    const empty = await call(server, owner.token, 'PUT', path, {});
    expect([empty.status, empty.body]).toEqual([200, before]);
    const negative = await call(server, owner.token, 'PUT', path, { recharge_amount: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.recharge_amount).toEqual([expect.stringMatching(/>= 0/)]);
    // Any setting: that server's HTML 500, every time, and the team unchanged.
    const one = await call(server, owner.token, 'PUT', path, { recharge_amount: '7.50' });
    expect([one.status, one.headers.get('content-type')]).toEqual([
      500,
      'text/html; charset=utf-8',
    ]);
    expect(one.body).toContain('Server Error (500)');
    expect((await call(server, owner.token, 'GET', path)).body).toEqual(before);
  });
});

describe('the spec profile keeps SERVICE.md', () => {
  it('makes a new preview each time, sells a plan twice, and counts the owner in seats_limit', async () => {
    const server = await startServer();
    const [first, second] = [await preview(server, 'personal'), await preview(server, 'personal')];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).not.toBe(first.body.id);
    expect(first.body.amount_per_month).toBe('19.99');
    const { subscription } = await buy(server, 'team-per-seat', 3);
    expect((await preview(server, 'team-per-seat', 3)).status).toBe(201);
    const { token } = server.simulator.users.owner;
    await waitForTeam(server, token, subscription);
    const team = (await call(server, token, 'GET', teamPath(subscription))).body;
    expect([team.seats_limit, team.additional_seats]).toEqual([3, undefined]);
    const checkout = await call(server, token, 'POST', CHECKOUT, {
      service: 'ai-credits',
      how_many: 1,
    });
    expect(checkout.body.subscription).toEqual(['This field is required.']);
  });
});
