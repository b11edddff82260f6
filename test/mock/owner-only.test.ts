import { afterEach, describe, expect, it } from 'vitest';
import { buy, call, closeServers, ownedTeam, seatsOf, startServer, teamPath } from './support.js';

afterEach(closeServers);

const OWNER_ONLY = { detail: 'Only the owner can manage team', status_code: 403 };

/** Every management route, as [method, what, (team path, subscription id) => [path, body]]. */
const routes: Array<[string, string, (path: string, sub: number) => [string, unknown?]]> = [
  ['GET', 'billing team', (path) => [path]],
  ['PATCH', 'billing team', (path) => [path, { auto_recharge_enabled: true }]],
  [
    'PUT',
    'billing team',
    (path) => [
      path,
      {
        auto_recharge_enabled: true,
        recharge_threshold_amount: '1.00',
        recharge_amount: '1.00',
        max_period_spend: null,
      },
    ],
  ],
  ['GET', 'seats', (path) => [`${path}/seat`]],
  ['PUT', 'seats', (path) => [`${path}/seat`, { add_seats: [{ email: 'x@example.com' }] }]],
  ['DELETE', 'a seat', (path) => [`${path}/seat/301`]],
  [
    'POST',
    'consumable checkout',
    (_path, sub) => [
      '/v2/payments/consumable/checkout',
      { service: 'ai-credits', how_many: 5, subscription: sub },
    ],
  ],
];

describe('owner only', () => {
  it.each(routes)(
    '%s %s answers 403 to a seat holder and to a stranger, changing nothing',
    async (method, _what, request) => {
      const { server, owner, member, subscription, path } = await ownedTeam();
      await call(server, owner.token, 'PUT', `${path}/seat`, {
        add_seats: [{ email: member.email }],
      });
      const stranger = server.simulator.addUser({ email: 'stranger@example.com' });
      const [target, body] = request(path, subscription);
      for (const user of [member, stranger]) {
        expect(await call(server, user.token, method, target, body)).toMatchObject({
          status: 403,
          body: OWNER_ONLY,
        });
      }
      expect(await seatsOf(server, owner.token, path)).toHaveLength(2);
      expect(server.simulator.charges).toHaveLength(1);
    },
  );

  it.each(routes)(
    '%s %s answers 404 for an unknown subscription',
    async (method, _what, request) => {
      const { server, owner } = await ownedTeam();
      const [target, body] = request(teamPath(999), 999);
      expect(await call(server, owner.token, method, target, body)).toMatchObject({
        status: 404,
        body: { detail: 'Subscription not found' },
      });
    },
  );

  it('answers 404 for the billing team of a subscription without one', async () => {
    const server = await startServer();
    const { subscription } = await buy(server, 'personal');
    const answer = await call(
      server,
      server.simulator.users.owner.token,
      'GET',
      teamPath(subscription),
    );
    expect(answer).toMatchObject({ status: 404, body: { detail: 'Billing team not found' } });
  });
});
