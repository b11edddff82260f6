import { afterEach, describe, expect, it } from 'vitest';
import { BagSchema, CheckingSchema, PlanSchema } from '../../src/schemas/index.js';
import { call, closeServers, expectSchema, startServer } from './support.js';

afterEach(closeServers);

describe('plans', () => {
  it.each(['team-per-seat', 'team-per-team', 'personal'])(
    'answers the %s plan in the SDK schema',
    async (slug) => {
      const server = await startServer();
      const { status, body } = await call(
        server,
        server.simulator.users.owner.token,
        'GET',
        `/v1/payments/plan/${slug}`,
      );
      expect(status).toBe(200);
      expectSchema(PlanSchema, body);
      expect(body.slug).toBe(slug);
    },
  );

  it('describes the team plans with their seat service and strategies', async () => {
    const server = await startServer();
    const { catalog } = server.simulator;
    expect([
      catalog['team-per-seat'].consumption_strategy,
      catalog['team-per-team'].consumption_strategy,
    ]).toEqual(['PER_SEAT', 'PER_TEAM']);
    expect(catalog['team-per-seat'].seat_service_price?.service).toMatchObject({
      slug: 'team-seat',
      type: 'SEAT',
    });
    expect(catalog.personal.seat_service_price).toBeNull();
    const items = catalog['team-per-team'].service_items.map((item) => [
      item.service.slug,
      item.is_team_allowed,
      item.how_many,
    ]);
    expect(items).toEqual([
      ['ai-credits', true, 10],
      ['mentorship', false, 5],
      ['live-classes', true, -1],
    ]);
  });

  it('answers 404 for an unknown plan slug', async () => {
    const server = await startServer();
    const { status, body } = await call(
      server,
      server.simulator.users.owner.token,
      'GET',
      '/v1/payments/plan/nope',
    );
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Plan not found', status_code: 404 });
  });
});

describe('checking', () => {
  it.each([
    ['PREVIEW', undefined, '59.99', '599.99'],
    ['BAG', undefined, '59.99', '599.99'],
    ['PREVIEW', 3, '104.99', '1139.99'],
    ['BAG', 3, '104.99', '1139.99'],
  ])(
    'prices a %s with team_seats=%s as month price + seat price x seats',
    async (type, seats, month, year) => {
      const server = await startServer();
      const { status, body } = await call(
        server,
        server.simulator.users.owner.token,
        'POST',
        '/v1/payments/checking',
        {
          type,
          plans: [1],
          ...(seats === undefined ? {} : { team_seats: seats }),
        },
      );
      expect(status).toBe(201);
      expectSchema(type === 'BAG' ? BagSchema : CheckingSchema, body);
      expect(body).toMatchObject({ type, amount_per_month: month, amount_per_year: year });
      expect(body.token).toMatch(/^[0-9a-f]{40}$/);
      expect(body.seat_service_item?.how_many ?? null).toBe(seats ?? null);
    },
  );

  it('takes a plan slug as well as an id', async () => {
    const server = await startServer();
    const { body } = await call(
      server,
      server.simulator.users.owner.token,
      'POST',
      '/v1/payments/checking',
      { type: 'PREVIEW', plans: ['personal'] },
    );
    expect(body).toMatchObject({ plans: [{ id: 3, slug: 'personal' }], amount_per_month: '19.99' });
  });

  it.each([
    [{ plans: [1] }, 'type'],
    [{ type: 'CART', plans: [1] }, 'type'],
    [{ type: 'BAG' }, 'plans'],
    [{ type: 'BAG', plans: [] }, 'plans'],
    [{ type: 'BAG', plans: 1 }, 'plans'],
    [{ type: 'BAG', plans: [1, 2] }, 'plans'],
    [{ type: 'BAG', plans: [1], team_seats: 1.5 }, 'team_seats'],
    [{ type: 'BAG', plans: [1], team_seats: '2' }, 'team_seats'],
    [{ type: 'BAG', plans: [1], team_seats: 0 }, 'team_seats'],
  ])('answers 400 with field errors for %j', async (body, field) => {
    const server = await startServer();
    const answer = await call(
      server,
      server.simulator.users.owner.token,
      'POST',
      '/v1/payments/checking',
      body,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.status_code).toBe(400);
    expect(answer.body[field]).toEqual([expect.any(String)]);
  });

  it('refuses team_seats on a plan without seats, and an unknown plan', async () => {
    const server = await startServer();
    const token = server.simulator.users.owner.token;
    const noSeats = await call(server, token, 'POST', '/v1/payments/checking', {
      type: 'BAG',
      plans: [3],
      team_seats: 2,
    });
    expect(noSeats.body).toEqual({ detail: 'This plan does not support teams', status_code: 400 });
    const unknown = await call(server, token, 'POST', '/v1/payments/checking', {
      type: 'BAG',
      plans: [99],
    });
    expect(unknown.status).toBe(404);
  });
});
