import { afterEach, describe, expect, it } from 'vitest';
import { ConsumableListSchema } from '../../src/schemas/index.js';
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

/** Buys `plan` with 3 seats as the owner and gives the member a seat with `multiplier`. */
async function teamWithMember(plan: string, multiplier: number) {
  const server = await startServer();
  const { owner, member } = server.simulator.users;
  const { subscription } = await buy(server, plan, 3);
  const added = await call(server, owner.token, 'PUT', `${teamPath(subscription)}/seat`, {
    add_seats: [{ email: member.email, seat_multiplier: multiplier }],
  });
  expect(added.status).toBe(200);
  return {
    server,
    owner,
    member,
    subscription,
    team: (await call(server, owner.token, 'GET', teamPath(subscription))).body.id as number,
  };
}

type Holder = 'own-seat' | 'pool' | 'personal';

describe('allocation (SERVICE.md rules 1-4)', () => {
  it.each<
    [string, string, number, { owner: [Holder, number] | null; member: [Holder, number] | null }]
  >([
    ['team-per-seat', 'ai-credits', 1, { owner: ['own-seat', 10], member: ['own-seat', 10] }],
    ['team-per-seat', 'ai-credits', 3, { owner: ['own-seat', 10], member: ['own-seat', 30] }],
    ['team-per-seat', 'live-classes', 2, { owner: ['own-seat', -1], member: ['own-seat', -1] }],
    ['team-per-seat', 'mentorship', 3, { owner: ['personal', 5], member: null }],
    ['team-per-team', 'ai-credits', 1, { owner: ['pool', 10], member: ['pool', 10] }],
    ['team-per-team', 'ai-credits', 3, { owner: ['pool', 10], member: ['pool', 10] }],
    ['team-per-team', 'live-classes', 2, { owner: ['pool', -1], member: ['pool', -1] }],
    ['team-per-team', 'mentorship', 3, { owner: ['personal', 5], member: null }],
  ])('%s, %s, member multiplier %i', async (plan, service, multiplier, expected) => {
    const { server, owner, member, subscription, team } = await teamWithMember(plan, multiplier);
    for (const [who, user] of [
      ['owner', owner],
      ['member', member],
    ] as const) {
      const items = await consumablesOf(server, user.token, service);
      const want = expected[who];
      if (want === null) {
        expect(items).toEqual([]);
        continue;
      }
      const [holder, howMany] = want;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        how_many: howMany,
        subscription,
        unit_type: 'UNIT',
        valid_until: null,
      });
      if (holder === 'pool')
        expect(items[0]).toMatchObject({
          user: null,
          subscription_billing_team: team,
          subscription_seat: null,
        });
      if (holder === 'personal')
        expect(items[0]).toMatchObject({
          user: owner.id,
          subscription_billing_team: null,
          subscription_seat: null,
        });
      if (holder === 'own-seat')
        expect(items[0]).toMatchObject({
          user: user.id,
          subscription_billing_team: team,
          subscription_seat: expect.any(Number),
        });
    }
  });

  it('shares one pool under PER_TEAM: the owner and the member see the same consumable', async () => {
    const { server, owner, member } = await teamWithMember('team-per-team', 1);
    const [ownerItem] = await consumablesOf(server, owner.token, 'ai-credits');
    const [memberItem] = await consumablesOf(server, member.token, 'ai-credits');
    expect(memberItem.id).toBe(ownerItem.id);
    server.simulator.consume({ token: member.token, service: 'ai-credits', units: 4 });
    expect((await consumablesOf(server, owner.token, 'ai-credits'))[0].how_many).toBe(6);
    expect((await consumablesOf(server, owner.token, 'mentorship'))[0].how_many).toBe(5);
  });

  it('keeps seats apart under PER_SEAT: a member cannot draw from the owner', async () => {
    const { server, owner, member } = await teamWithMember('team-per-seat', 2);
    const drawn = server.simulator.consume({
      token: member.token,
      service: 'ai-credits',
      units: 20,
    });
    expect(drawn.balance).toBe(0);
    expect(() => server.simulator.consume({ token: member.token, service: 'ai-credits' })).toThrow(
      'Not enough consumables',
    );
    expect((await consumablesOf(server, owner.token, 'ai-credits'))[0].how_many).toBe(10);
  });

  it('gives the owner every item personally when the plan has no team', async () => {
    const server = await startServer();
    const { owner } = server.simulator.users;
    const { subscription } = await buy(server, 'personal');
    const { body } = await call(server, owner.token, 'GET', '/v1/provisioning/me/consumables');
    expectSchema(ConsumableListSchema, body);
    expect(
      body.voids.map((group: { slug: string; balance: unknown }) => [group.slug, group.balance]),
    ).toEqual([
      ['ai-credits', { unit: 10 }],
      ['mentorship', { unit: 5 }],
      ['live-classes', { unit: -1 }],
    ]);
    for (const group of body.voids)
      expect(group.items).toEqual([
        expect.objectContaining({ user: owner.id, subscription, subscription_seat: null }),
      ]);
  });

  it('lists the grouped shape the SDK parses, and the seat holder sees the subscription', async () => {
    const { server, member, subscription } = await teamWithMember('team-per-seat', 1);
    const { body } = await call(server, member.token, 'GET', '/v1/provisioning/me/consumables');
    expectSchema(ConsumableListSchema, body);
    expect(Object.keys(body)).toEqual([
      'mentorship_service_sets',
      'cohort_sets',
      'event_type_sets',
      'voids',
    ]);
    const listing = await call(server, member.token, 'GET', '/v1/payments/me/subscription');
    expect(listing.body.subscriptions.map((s: { id: number }) => s.id)).toEqual([subscription]);
  });

  it('gives nobody the consumables of a seat whose e-mail is not a registered user', async () => {
    const { server, owner, subscription } = await teamWithMember('team-per-seat', 1);
    const added = await call(server, owner.token, 'PUT', `${teamPath(subscription)}/seat`, {
      add_seats: [{ email: 'stranger@example.com' }],
    });
    expect(added.body).toEqual([
      expect.objectContaining({
        email: 'stranger@example.com',
        user: null,
        is_active: true,
        seat_multiplier: 1,
      }),
    ]);
    expect(await consumablesOf(server, owner.token, 'ai-credits')).toHaveLength(1);
  });

  it('releases a removed seat: its holder loses the consumables and the subscription', async () => {
    const { server, owner, member, subscription } = await teamWithMember('team-per-seat', 1);
    const seats = await call(server, owner.token, 'GET', `${teamPath(subscription)}/seat`);
    const memberSeat = seats.body.find((seat: { user: number }) => seat.user === member.id);
    expect(
      (await call(server, owner.token, 'DELETE', `${teamPath(subscription)}/seat/${memberSeat.id}`))
        .status,
    ).toBe(204);
    expect(await consumablesOf(server, member.token, 'ai-credits')).toEqual([]);
    expect(
      (await call(server, member.token, 'GET', '/v1/payments/me/subscription')).body.subscriptions,
    ).toEqual([]);
    expect(() => server.simulator.consume({ token: member.token, service: 'ai-credits' })).toThrow(
      'Not enough consumables',
    );
  });
});
