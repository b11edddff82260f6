import { afterEach, describe, expect, it } from 'vitest';
import { SeatListSchema } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { bytes, finalize, sendChunk } from './media-support.js';
import {
  DEPLOYED_EXTRAS,
  buy,
  call,
  closeServers,
  consumablesOf,
  expectSchema,
  ownedTeam,
  seatsOf,
  startServer,
} from './support.js';

// The simulator as the deployed server (live-api.md §0): the same state and rules, its wire.
afterEach(closeServers);

const deployed = () => startServer({ profile: 'deployed' });
const CARD = { card_number: '4242424242424242', cvc: '123' };

describe("the simulator's deployed profile", () => {
  it('takes `Authorization: Token` only: a Bearer header is anonymous (401)', async () => {
    const server = await deployed();
    const { token } = server.simulator.users.owner;
    const path = '/v1/payments/me/subscription';
    const bearer = await call(server, null, 'GET', path, undefined, {
      authorization: `Bearer ${token}`,
    });
    const scheme = await call(server, null, 'GET', path, undefined, {
      authorization: `Token ${token}`,
    });
    expect([bearer.status, bearer.body.detail]).toEqual([
      401,
      'Authentication credentials were not provided.',
    ]);
    expect([scheme.status, scheme.body.subscriptions]).toEqual([200, []]);
  });

  it('answers the spec methods 405: POST checking, PUT card, POST chunks, PATCH billing team', async () => {
    const { server, owner, path } = await ownedTeam('team-per-seat', 3, { profile: 'deployed' });
    const answers = await Promise.all([
      call(server, owner.token, 'POST', '/v1/payments/checking', { type: 'PREVIEW', plans: [1] }),
      call(server, owner.token, 'PUT', '/v1/payments/card', { ...CARD, ...DEPLOYED_EXTRAS.card }),
      call(server, owner.token, 'POST', '/v2/media/me/chunk/upload', {}),
      call(server, owner.token, 'PATCH', path, { auto_recharge_enabled: true }),
    ]);
    expect(answers.map(({ status, body }) => [status, body.detail])).toEqual([
      [405, 'Method "POST" not allowed.'],
      [405, 'Method "PUT" not allowed.'],
      [405, 'Method "POST" not allowed.'],
      [405, 'Method "PATCH" not allowed.'],
    ]);
  });

  it("answers a path it lacks with Django's HTML 404 page", async () => {
    const server = await deployed();
    const { token } = server.simulator.users.owner;
    const answer = await call(server, token, 'GET', '/v1/provisioning/me/consumables');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<title>Not Found</title>');
  });

  it('pays the token of a PREVIEW; a BAG checking has no bag to re-price (404)', async () => {
    const server = await deployed();
    const { token } = server.simulator.users.owner;
    const bag = await call(server, token, 'PUT', '/v1/payments/checking', {
      type: 'BAG',
      plans: ['personal'],
    });
    expect([bag.status, bag.body.detail]).toEqual([404, 'Bag not found']);
    const { subscription } = await buy(server, 'personal');
    expect(subscription).toEqual(expect.any(Number));
    expect(server.simulator.charges.map((charge) => charge.kind)).toEqual(['payment']);
  });

  it('requires the card academy and expiry, and the payment method on pay', async () => {
    const server = await deployed();
    const { token } = server.simulator.users.owner;
    const card = (body: object) => call(server, token, 'POST', '/v1/payments/card', body);
    const { academy: _academy, ...noAcademy } = DEPLOYED_EXTRAS.card;
    const { exp_year: _year, ...noExpiry } = DEPLOYED_EXTRAS.card;
    const answers = [
      await card({ ...CARD, ...noAcademy }),
      await card({ ...CARD, ...noExpiry }),
      await card({ ...CARD, ...DEPLOYED_EXTRAS.card }),
    ];
    expect(answers.map(({ status, body }) => [status, body.detail ?? body.status])).toEqual([
      [400, 'Missing academy parameter'],
      [404, 'Missing card information'],
      [200, 'ok'],
    ]);
    const preview = await call(server, token, 'PUT', '/v1/payments/checking', {
      type: 'PREVIEW',
      plans: ['personal'],
    });
    const pay = await call(server, token, 'POST', '/v1/payments/pay', {
      token: preview.body.token,
      chosen_period: 'MONTH',
    });
    expect([pay.status, pay.body.detail]).toEqual([400, 'Payment method is required']);
    expect(server.simulator.charges).toEqual([]);
  });

  it('answers seat changes 207 { data, errors }: good items applied, each refusal named', async () => {
    const { server, owner, path } = await ownedTeam('team-per-seat', 4, { profile: 'deployed' });
    const answer = await call(server, owner.token, 'PUT', `${path}/seat`, {
      add_seats: [
        { email: 'ada@example.com', ...DEPLOYED_EXTRAS.seat },
        { email: 'bob@example.com' },
        { email: 'owner@example.com', ...DEPLOYED_EXTRAS.seat },
      ],
    });
    expect(answer.status).toBe(207);
    expect(answer.body.data.map((seat: { email: string }) => seat.email)).toEqual([
      'ada@example.com',
    ]);
    expect(answer.body.errors).toEqual([
      // The deployed server's own words, with no e-mail (real-exchanges.json #123).
      { message: 'You must select a cohort for the invited member', code: 400 },
      { message: 'User already has a seat for this team', code: 400 },
    ]);
    expect(SeatListSchema.safeParse(answer.body).success).toBe(false); // refusals are not success
    expectSchema(SeatListSchema, { ...answer.body, errors: [] });
    const emails = (await seatsOf(server, owner.token, path)).map((seat) => seat.email);
    expect(emails).toEqual(['owner@example.com', 'ada@example.com']);
  });

  it('words owner-only refusals by what was attempted, as the deployed server does', async () => {
    const { server, member, subscription, path } = await ownedTeam('team-per-seat', 3, {
      profile: 'deployed',
    });
    const seats = await call(server, member.token, 'PUT', `${path}/seat`, {
      add_seats: [{ email: 'eve@example.com', ...DEPLOYED_EXTRAS.seat }],
    });
    const checkout = await call(server, member.token, 'POST', '/v2/payments/consumable/checkout', {
      service: 'team-seat',
      how_many: 5,
      subscription,
      ...DEPLOYED_EXTRAS.checkout,
    });
    const team = await call(server, member.token, 'GET', path);
    expect([seats, checkout, team].map(({ status, body }) => [status, body.detail])).toEqual([
      [403, 'Only the owner can manage team members'],
      [403, 'Only the owner can manage seats'],
      [403, 'Only the owner can manage team'],
    ]);
  });

  it("requires an academy on consumable checkout and reads a seat checkout's how_many as the desired total", async () => {
    const { server, owner, subscription, path } = await ownedTeam('team-per-seat', 3, {
      profile: 'deployed',
    });
    const checkout = (body: object) =>
      call(server, owner.token, 'POST', '/v2/payments/consumable/checkout', {
        service: 'team-seat',
        subscription,
        ...body,
      });
    const answers = [
      await checkout({ how_many: 5 }),
      await checkout({ how_many: 3, ...DEPLOYED_EXTRAS.checkout }),
      await checkout({ how_many: 5, ...DEPLOYED_EXTRAS.checkout }),
    ];
    expect(answers.map(({ status, body }) => [status, body.detail ?? 'invoice'])).toEqual([
      [400, 'Academy is required'],
      [400, 'Desired seats must be greater than current seats'],
      [201, 'invoice'],
    ]);
    // 3 seats bought (additional_seats), the owner's free: seats_limit 4; a total of 5 makes 6.
    const team = (await call(server, owner.token, 'GET', path)).body;
    expect([team.additional_seats, team.seats_limit]).toEqual([5, 6]);
    expect(await consumablesOf(server, owner.token, 'ai-credits')).not.toEqual([]);
  });

  it('takes chunks and finalize by PUT, with meta as an object only', async () => {
    const server = await deployed();
    const octets = { mime: 'application/octet-stream' };
    expect((await sendChunk(server, 0, 1, bytes('deployed'), octets)).status).toBe(201);
    const asString = await finalize(server, { total_chunks: 1, meta: '{"slug":"a"}' });
    expect([asString.status, asString.body.detail]).toEqual([400, 'meta must be a dictionary']);
    const asObject = await finalize(server, { total_chunks: 1, meta: { slug: 'a' } });
    expect(asObject.status).toBe(201);
    expect(server.simulator.fileBytes(asObject.body.id)).toEqual(bytes('deployed'));
  });

  it('compresses bodies over 10 KiB as the client accepts them, and leaves small ones alone', async () => {
    const { server, owner, path } = await ownedTeam('team-per-seat', 160, { profile: 'deployed' });
    const add_seats = Array.from({ length: 150 }, (_, i) => ({
      email: `member-${i}@example.com`,
      ...DEPLOYED_EXTRAS.seat,
    }));
    expect((await call(server, owner.token, 'PUT', `${path}/seat`, { add_seats })).status).toBe(
      207,
    );
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['deflate', 'deflate'],
      ['br', 'br'],
      ['gzip, deflate, br', 'deflate'],
    ]) {
      const answer = await call(server, owner.token, 'GET', `${path}/seat`, undefined, {
        'accept-encoding': accept!,
      });
      expect([accept, answer.headers.get('content-encoding')]).toEqual([accept, encoding]);
      expect(answer.body).toHaveLength(151); // fetch decoded it
    }
    const small = await call(server, owner.token, 'GET', path, undefined, {
      'accept-encoding': 'gzip',
    });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('refuses an unknown profile by name', () => {
    expect(() => createSimulator({ profile: 'live' as 'spec' })).toThrow(
      /unknown profile "live" \(use 'spec' or 'deployed'\)/,
    );
  });
});
