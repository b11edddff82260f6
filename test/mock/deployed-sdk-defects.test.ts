import { afterEach, describe, expect, it } from 'vitest';
import { createClient, InvalidRequestError, SeatsRefusedError } from '../../src/index.js';
import type { MockServer } from '../../src/mock/index.js';
import { buy, closeServers, seatsOf, startServer, teamPath } from './support.js';

// The SDK's defects found on the real deployed server (issue 29, F1 to F3), met against the
// simulator playing that server.
afterEach(closeServers);

const SEATS_ROUTE = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';

async function deployedTeam() {
  const server = await startServer({ profile: 'deployed' });
  const { owner } = server.simulator.users;
  const { subscription } = await buy(server, 'team-per-seat', 3);
  const client = createClient({
    baseUrl: server.url,
    token: owner.token,
    profile: 'deployed',
    retryBaseDelay: 1,
    logLevel: 'off',
  });
  return { server, owner, subscription, client };
}

const loseNextSeatAnswer = (server: MockServer) =>
  server.simulator.faults.inject({ route: SEATS_ROUTE, kind: 'reset-after' });

const emailsOf = async (server: MockServer, token: string, subscription: number) =>
  (await seatsOf(server, token, teamPath(subscription)))
    .filter((seat: { is_active: boolean }) => seat.is_active)
    .map((seat: { email: string }) => seat.email)
    .sort();

describe('F1: a seat change whose answer was lost, under the deployed profile', () => {
  it('seats.add resolves with the seat the lost attempt added (the retry is refused 207)', async () => {
    const { server, owner, subscription, client } = await deployedTeam();
    loseNextSeatAnswer(server);
    const seats = await client.seats.add(subscription, [
      { email: 'ada@example.com', cohort_id: 1 },
    ]);
    expect(seats.map((seat) => [seat.email, seat.is_active])).toEqual([['ada@example.com', true]]);
    expect(await emailsOf(server, owner.token, subscription)).toEqual([
      'ada@example.com',
      owner.email,
    ]);
  });

  it('seats.replace resolves with the seat the lost attempt moved ("Seat not found" on retry)', async () => {
    const { server, owner, subscription, client } = await deployedTeam();
    await client.seats.add(subscription, [{ email: 'bob@example.com', cohort_id: 1 }]);
    loseNextSeatAnswer(server);
    const seats = await client.seats.replace(subscription, [
      { from_email: 'bob@example.com', to_email: 'eve@example.com' },
    ]);
    expect(seats.map((seat) => seat.email)).toEqual(['eve@example.com']);
    expect(await emailsOf(server, owner.token, subscription)).toEqual([
      'eve@example.com',
      owner.email,
    ]);
  });

  it('a refusal of a change that was not made still says so (mayHaveBeenProcessed false)', async () => {
    const { subscription, client } = await deployedTeam();
    await client.seats.add(subscription, [{ email: 'ada@example.com', cohort_id: 1 }]);
    const error = await client.seats
      .add(subscription, [{ email: 'ada@example.com', cohort_id: 1 }])
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SeatsRefusedError);
    expect((error as SeatsRefusedError).mayHaveBeenProcessed).toBe(false);
    expect((error as SeatsRefusedError).refused.map((r) => r.message)).toEqual([
      'User already has a seat for this team',
    ]);
  });
});

describe('F2: seat_multiplier, which the deployed server ignores', () => {
  it('is refused before sending under the deployed profile, naming the seat', async () => {
    const { server, owner, subscription, client } = await deployedTeam();
    const error = await client.seats
      .add(subscription, [
        { email: 'ada@example.com', cohort_id: 1 },
        { email: 'bob@example.com', cohort_id: 1, seat_multiplier: 2 },
      ])
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).field).toBe('add_seats.1.seat_multiplier');
    expect((error as Error).message).toMatch(/deployed server ignores seat_multiplier/);
    expect(await emailsOf(server, owner.token, subscription)).toEqual([owner.email]);
  });
});
