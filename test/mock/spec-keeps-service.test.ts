import { afterEach, describe, expect, it } from 'vitest';
import { call, closeServers, ownedTeam, seatsOf } from './support.js';

// Where the deployed server differs (the parity suite holds the deployed profile to it), the spec
// profile keeps following SERVICE.md.
afterEach(closeServers);

describe('the spec profile, where the deployed server differs', () => {
  it('refuses a bad token with {detail} saying so (not "not provided"), and reads the plan only with credentials', async () => {
    const { server } = await ownedTeam();
    const plan = '/v1/payments/plan/team-per-seat';
    const bad = await call(server, 'f'.repeat(40), 'GET', plan);
    const none = await call(server, null, 'GET', plan);
    expect([bad.status, bad.body, bad.headers.get('www-authenticate')]).toEqual([
      401,
      { detail: 'Invalid or Inactive Token', status_code: 401 },
      null,
    ]);
    expect([none.status, none.body.detail]).toEqual([
      401,
      'Authentication credentials were not provided.',
    ]);
  });

  it('keeps seats to their owner, with multipliers, and the owner seat in place', async () => {
    const { server, owner, member, path } = await ownedTeam();
    const added = await call(server, owner.token, 'PUT', `${path}/seat`, {
      add_seats: [{ email: 'ada@example.com', seat_multiplier: 2 }],
    });
    expect(added.body).toEqual([expect.objectContaining({ seat_multiplier: 2 })]);
    expect(added.body[0]).not.toHaveProperty('seat_log');
    expect((await call(server, member.token, 'GET', `${path}/seat`)).status).toBe(403);
    const ownerSeat = (await seatsOf(server, owner.token, path)).find(
      (seat) => seat.email === owner.email,
    );
    const removed = await call(server, owner.token, 'DELETE', `${path}/seat/${ownerSeat.id}`);
    expect([removed.status, removed.body.detail]).toEqual([
      400,
      "The owner's seat cannot be removed",
    ]);
  });

  it('applies a billing-team PUT with settings (no server crash)', async () => {
    const { server, owner, path } = await ownedTeam();
    const put = await call(server, owner.token, 'PUT', path, {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '5.00',
      recharge_amount: '10.00',
      max_period_spend: '50.00',
    });
    expect([put.status, put.body.auto_recharge_enabled, put.body.max_period_spend]).toEqual([
      200,
      true,
      '50.00',
    ]);
    expect(put.body).not.toHaveProperty('seats_log');
  });
});
