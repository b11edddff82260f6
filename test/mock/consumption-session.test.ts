import { afterEach, describe, expect, it } from 'vitest';
import {
  APIError,
  BillingPeriodLimitError,
  ConnectionError,
  createClient,
  InvalidRequestError,
  PaymentRequiredError,
  type ProfileName,
} from '../../src/index.js';
import type { MockServer } from '../../src/mock/index.js';
import {
  buy,
  call,
  closeServers,
  consumablesOf,
  extrasOf,
  startServer,
  teamPath,
} from './support.js';

// A member's consumption through the SDK (`consumables.consume`), on the deployed server's route,
// which the simulator serves under both profiles.
afterEach(closeServers);

const SERVICE = 'ai-credits';

/** A PER_SEAT team of the owner, with the member on a seat. */
async function memberWithSeat(profile: ProfileName) {
  const server = await startServer({ profile });
  const { owner, member } = server.simulator.users;
  const { subscription } = await buy(server, 'team-per-seat', 3);
  const added = await call(server, owner.token, 'PUT', `${teamPath(subscription)}/seat`, {
    add_seats: [{ email: member.email, ...extrasOf(server, 'seat') }],
  });
  expect(added.status).toBe(profile === 'deployed' ? 207 : 200);
  return { server, owner, member, subscription, client: clientOf(server, member.token) };
}

const clientOf = (server: MockServer, token: string) =>
  createClient({
    baseUrl: server.url,
    token,
    profile: server.simulator.profile,
    retryBaseDelay: 1,
    logLevel: 'off',
  });

const unitsOf = async (server: MockServer, token: string) =>
  (await consumablesOf(server, token, SERVICE)).map((item: { how_many: number }) => item.how_many);

describe.each(['spec', 'deployed'] as const)('consumables.consume under %s', (profile) => {
  it('takes one unit of the member seat and answers the session', async () => {
    const { server, member, client } = await memberWithSeat(profile);
    const before = await unitsOf(server, member.token);
    const session = await client.consumables.consume(SERVICE);
    expect(session).toEqual({ id: expect.any(Number), status: 'ok' });
    expect(await unitsOf(server, member.token)).toEqual(before.map((units) => units - 1));
  });

  it('rejects with PaymentRequiredError (an APIError) when the caller holds no unit', async () => {
    const server = await startServer({ profile });
    const outsider = server.simulator.addUser({ email: 'outsider@example.com' });
    const error = await clientOf(server, outsider.token)
      .consumables.consume(SERVICE)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toContain(
      profile === 'deployed' ? 'Insuficient credits' : 'Not enough consumables',
    );
  });

  it('is never re-sent once it may have been processed: a lost answer took the unit once', async () => {
    const { server, member, client } = await memberWithSeat(profile);
    const before = await unitsOf(server, member.token);
    const route = `PUT /v1/payments/me/service/${SERVICE}/consumptionsession`;
    server.simulator.faults.inject({ route, kind: 'reset-after' });
    const error = await client.consumables.consume(SERVICE).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveBeenProcessed).toBe(true);
    expect(await unitsOf(server, member.token)).toEqual(before.map((units) => units - 1));
  });
});

describe('a consumption refused by a spending cap', () => {
  it("is BillingPeriodLimitError under 'spec' (SERVICE.md's named failure)", async () => {
    const { server, owner, subscription, client } = await memberWithSeat('spec');
    const patched = await call(server, owner.token, 'PATCH', teamPath(subscription), {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '5.00',
      recharge_amount: '10.00',
      max_monthly_spend: '10.00',
    });
    expect(patched.status).toBe(200);
    let refused: unknown;
    for (let draw = 0; draw < 40 && refused === undefined; draw += 1)
      refused = await client.consumables.consume(SERVICE).then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(BillingPeriodLimitError);
    expect(refused).toBeInstanceOf(PaymentRequiredError);
    expect(server.simulator.charges.filter((c) => c.kind === 'auto-recharge')).toHaveLength(1);
  });

  it('is refused before sending with an empty service', async () => {
    const server = await startServer();
    const client = clientOf(server, server.simulator.users.member.token);
    await expect(client.consumables.consume('')).rejects.toThrow(InvalidRequestError);
    await expect(client.consumables.consume('')).rejects.toThrow(/Invalid service/);
  });
});
