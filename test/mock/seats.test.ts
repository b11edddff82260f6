import { afterEach, describe, expect, it } from 'vitest';
import { SeatSchema } from '../../src/schemas/index.js';
import { call, closeServers, consumablesOf, expectSchema, ownedTeam, seatsOf } from './support.js';

afterEach(closeServers);

describe('seats', () => {
  it('starts with the owner seat and lists seats in the SDK schema', async () => {
    const { server, owner, path } = await ownedTeam();
    const seats = await seatsOf(server, owner.token, path);
    expect(seats).toEqual([
      {
        id: expect.any(Number),
        user: owner.id,
        email: owner.email,
        is_active: true,
        seat_multiplier: 1,
      },
    ]);
    for (const seat of seats) expectSchema(SeatSchema, seat);
  });

  it('enforces seats_limit on the whole request and adds nothing when it is exceeded', async () => {
    const { server, owner, path } = await ownedTeam('team-per-seat', 2);
    const answer = await call(server, owner.token, 'PUT', `${path}/seat`, {
      add_seats: [{ email: 'a@example.com' }, { email: 'b@example.com' }],
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { detail: 'Seats limit exceeded: 3 > 2', status_code: 400 },
    });
    expect(await seatsOf(server, owner.token, path)).toHaveLength(1);
    expect(
      (
        await call(server, owner.token, 'PUT', `${path}/seat`, {
          add_seats: [{ email: 'a@example.com' }],
        })
      ).status,
    ).toBe(200);
  });

  it('frees a place when a seat is removed, and keeps the removed seat listed as inactive', async () => {
    const { server, owner, path } = await ownedTeam('team-per-seat', 2);
    const [added] = (
      await call(server, owner.token, 'PUT', `${path}/seat`, {
        add_seats: [{ email: 'a@example.com' }],
      })
    ).body;
    expect((await call(server, owner.token, 'DELETE', `${path}/seat/${added.id}`)).status).toBe(
      204,
    );
    expect((await call(server, owner.token, 'DELETE', `${path}/seat/${added.id}`)).status).toBe(
      404,
    );
    expect(
      (
        await call(server, owner.token, 'PUT', `${path}/seat`, {
          add_seats: [{ email: 'b@example.com' }],
        })
      ).status,
    ).toBe(200);
    const seats = await seatsOf(server, owner.token, path);
    expect(
      seats.map((seat: { email: string; is_active: boolean }) => [seat.email, seat.is_active]),
    ).toEqual([
      [owner.email, true],
      ['a@example.com', false],
      ['b@example.com', true],
    ]);
    expect((await call(server, owner.token, 'GET', path)).body.seats_count).toBe(2);
  });

  it('replaces a seat: the new holder inherits its consumables', async () => {
    const { server, owner, member, path } = await ownedTeam();
    const carol = server.simulator.addUser({ email: 'carol@example.com' });
    await call(server, owner.token, 'PUT', `${path}/seat`, {
      add_seats: [{ email: member.email, seat_multiplier: 2 }],
    });
    server.simulator.consume({ token: member.token, service: 'ai-credits', units: 5 });
    const replaced = await call(server, owner.token, 'PUT', `${path}/seat`, {
      replace_seats: [{ from_email: member.email, to_email: carol.email }],
    });
    expect(replaced.body).toEqual([
      expect.objectContaining({
        email: carol.email,
        user: carol.id,
        is_active: true,
        seat_multiplier: 2,
      }),
    ]);
    expect(await consumablesOf(server, member.token, 'ai-credits')).toEqual([]);
    expect(await consumablesOf(server, carol.token, 'ai-credits')).toEqual([
      expect.objectContaining({ how_many: 15, user: carol.id }),
    ]);
  });

  it('applies replace_seats then add_seats when both come in one request', async () => {
    const { server, owner, member, path } = await ownedTeam('team-per-seat', 3);
    await call(server, owner.token, 'PUT', `${path}/seat`, {
      add_seats: [{ email: 'a@example.com' }],
    });
    const both = await call(server, owner.token, 'PUT', `${path}/seat`, {
      replace_seats: [{ from_email: 'a@example.com', to_email: 'b@example.com' }],
      add_seats: [{ email: member.email }],
    });
    expect(both.body.map((seat: { email: string }) => seat.email)).toEqual([
      'b@example.com',
      member.email,
    ]);
  });

  it.each([
    [{}, 'detail'],
    [{ add_seats: [], replace_seats: [] }, 'detail'],
    [{ add_seats: 'a@example.com' }, 'add_seats'],
    [{ add_seats: [{ email: 'not-an-email' }] }, 'add_seats[0].email'],
    [{ add_seats: [{}] }, 'add_seats[0].email'],
    [
      { add_seats: [{ email: 'a@example.com', seat_multiplier: 0 }] },
      'add_seats[0].seat_multiplier',
    ],
    [
      { add_seats: [{ email: 'a@example.com', seat_multiplier: 1.5 }] },
      'add_seats[0].seat_multiplier',
    ],
    [
      { add_seats: [{ email: 'a@example.com', seat_multiplier: '2' }] },
      'add_seats[0].seat_multiplier',
    ],
    [{ replace_seats: [{ from_email: 'a@example.com' }] }, 'replace_seats[0].to_email'],
    [{ add_seats: [{ email: 'owner@example.com' }] }, 'detail'],
    [{ add_seats: [{ email: 'a@example.com' }, { email: 'A@example.com ' }] }, 'detail'],
    [
      { replace_seats: [{ from_email: 'nobody@example.com', to_email: 'b@example.com' }] },
      'detail',
    ],
    [{ replace_seats: [{ from_email: 'owner@example.com', to_email: 'b@example.com' }] }, 'detail'],
  ])('answers 400 for %j and changes nothing', async (body, field) => {
    const { server, owner, path } = await ownedTeam();
    const answer = await call(server, owner.token, 'PUT', `${path}/seat`, body);
    expect(answer.status).toBe(400);
    // DRF's shape: `detail` a sentence, a field's refusal a list of them.
    const said = expect.stringMatching(/\w+ \w+/);
    expect(answer.body[field]).toEqual(field === 'detail' ? said : [said]);
    expect(await seatsOf(server, owner.token, path)).toHaveLength(1);
  });

  it("refuses to remove the owner's seat or an unknown seat", async () => {
    const { server, owner, path } = await ownedTeam();
    const [ownerSeat] = await seatsOf(server, owner.token, path);
    expect((await call(server, owner.token, 'DELETE', `${path}/seat/${ownerSeat.id}`)).status).toBe(
      400,
    );
    expect((await call(server, owner.token, 'DELETE', `${path}/seat/9999`)).body).toEqual({
      detail: 'Seat not found',
      status_code: 404,
    });
  });

  it('buys more seats through the consumable checkout of the seat service', async () => {
    const { server, owner, subscription, path } = await ownedTeam('team-per-team', 1);
    const bought = await call(server, owner.token, 'POST', '/v2/payments/consumable/checkout', {
      service: 'team-seat',
      how_many: 2,
      subscription,
    });
    expect(bought).toMatchObject({ status: 201, body: { amount: '30.00', status: 'FULFILLED' } });
    expect((await call(server, owner.token, 'GET', path)).body.seats_limit).toBe(3);
    expect(server.simulator.charges.at(-1)).toMatchObject({
      kind: 'consumable-checkout',
      amount: '30.00',
      user: owner.id,
      subscription,
    });
  });
});
