import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  ResponseValidationError,
  SeatsRefusedError,
  type SeatpayClient,
  type ValidationMode,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';

// Seat changes when the answer is partial (207 { data, errors }), lost after the service applied
// it, or shaped unlike its type; counted against the simulator's own seats. Run alone:
//   npx vitest run test/reliability/seat-changes.test.ts

const SEATS = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';
const COHORT_REFUSAL = 'You must select a cohort for the invited member';

let server: MockServer;
let owner: SeatpayClient;
let subscription: number;

const clientWith = (validate: ValidationMode) =>
  createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
    validate,
  });

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 10 });
  owner = clientWith('error');
  const bought = await owner.purchase({
    plan: 'team-per-seat',
    team_seats: 10,
    card: { card_number: '4242424242424242', cvc: '123' },
    chosen_period: 'MONTH',
    pollInterval: 5,
  });
  subscription = bought.subscription.id;
});
afterAll(() => server?.close());

/** Active seats held by `email`, as the simulator counts them. */
async function activeSeats(email: string): Promise<number> {
  const seats = await owner.seats.list(subscription);
  return seats.filter((seat) => seat.is_active && seat.email === email).length;
}

const seatOf = (id: number, email: string) => ({ id, email, user: null, is_active: true });

describe.each(['error', 'warn', 'off'] as const)("207 answers under validate '%s'", (mode) => {
  it('refusals reject with SeatsRefusedError: applied seats and the service message kept', async () => {
    server.simulator.faults.inject({
      route: SEATS,
      kind: 'status',
      status: 207,
      body: {
        data: [seatOf(901, 'ada@example.com')],
        errors: [{ message: COHORT_REFUSAL, code: 400 }],
      },
    });
    const error = await clientWith(mode)
      .seats.add(subscription, [{ email: 'ada@example.com' }, { email: 'bob@example.com' }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeatsRefusedError);
    expect(error).toMatchObject({
      status: 207,
      applied: [seatOf(901, 'ada@example.com')],
      refused: [{ message: COHORT_REFUSAL, code: 'seat-cohort-required', status: 400 }],
      mayHaveBeenProcessed: true,
    });
    expect((error as Error).message).toContain(COHORT_REFUSAL);
  });

  it('refusals sent as bare text or numbers keep what the service said, scrubbed of the token', async () => {
    const token = server.simulator.users.owner.token;
    const body = { data: [], errors: [`seat 3 taken (${token})`, 42] };
    server.simulator.faults.inject({ route: SEATS, kind: 'status', status: 207, body });
    const error = await clientWith(mode)
      .seats.add(subscription, [{ email: 'eve@example.com' }])
      .catch((e: unknown) => e);
    // Under 'error' the shape the OpenAPI document does not describe is reported as such, with
    // the answer as it came (scrubbed); under 'warn' and 'off' the refusals are still refusals.
    const seen =
      mode === 'error'
        ? JSON.stringify((error as ResponseValidationError).body)
        : (error as SeatsRefusedError).message;
    expect(error).toBeInstanceOf(mode === 'error' ? ResponseValidationError : SeatsRefusedError);
    expect(seen).toContain('seat 3 taken');
    expect(seen).toContain('42');
    expect(seen).not.toContain(token);
  });

  it('a bare-text refusal that is the token itself, or wraps it escaped, shows none of it (review14a)', async () => {
    const token = server.simulator.users.owner.token;
    const escaped = [...token].map(
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const body = { data: [], errors: [token, `bad seat ${escaped.join('')}`, ''] };
    server.simulator.faults.inject({ route: SEATS, kind: 'status', status: 207, body });
    const error = await clientWith(mode)
      .seats.add(subscription, [{ email: 'eve@example.com' }])
      .catch((e: unknown) => e);
    const seen = JSON.stringify(
      mode === 'error' ? (error as ResponseValidationError).body : (error as SeatsRefusedError),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(token);
    expect(seen).not.toContain(escaped.slice(0, 8).join(''));
    if (mode !== 'error') {
      const { refused, message } = error as SeatsRefusedError;
      expect(refused.map((refusal) => refusal.message)).toEqual([
        '[REDACTED]',
        'bad seat [REDACTED]',
        'the service refused this seat',
      ]);
      expect(message).not.toContain(token);
    }
  });

  it('a 207 without refusals resolves to the seats themselves, never the envelope', async () => {
    const body = { data: [seatOf(902, 'cy@example.com')], errors: [] };
    server.simulator.faults.inject({ route: SEATS, kind: 'status', status: 207, body });
    const seats = await clientWith(mode).seats.add(subscription, [{ email: 'cy@example.com' }]);
    expect(seats).toEqual([seatOf(902, 'cy@example.com')]);
  });

  it('an answer that is neither seats nor { data, errors } rejects instead of resolving mistyped', async () => {
    for (const body of [{ data: 'nope' }, { seats: [] }, [{ id: 'x' }], 'ok']) {
      server.simulator.faults.inject({ route: SEATS, kind: 'status', status: 200, body });
      await expect(
        clientWith(mode).seats.add(subscription, [{ email: 'dee@example.com' }]),
      ).rejects.toBeInstanceOf(ResponseValidationError);
    }
  });
});

describe('a seat change whose answer was lost', () => {
  it('add: the retry is refused as already done, and the call resolves with the seat, added once', async () => {
    server.simulator.faults.inject({ route: SEATS, kind: 'reset-after' });
    const seats = await owner.seats.add(subscription, [{ email: 'eve@example.com' }]);
    expect(seats).toMatchObject([{ email: 'eve@example.com', is_active: true }]);
    expect(await activeSeats('eve@example.com')).toBe(1);
  });

  it('replace: the retry is refused as already done, and the call resolves with the new holder', async () => {
    await owner.seats.add(subscription, [{ email: 'fay@example.com' }]);
    server.simulator.faults.inject({ route: SEATS, kind: 'reset-after' });
    const seats = await owner.seats.replace(subscription, [
      { from_email: 'fay@example.com', to_email: 'gus@example.com' },
    ]);
    expect(seats).toMatchObject([{ email: 'gus@example.com', is_active: true }]);
    expect(await activeSeats('gus@example.com')).toBe(1);
    expect(await activeSeats('fay@example.com')).toBe(0);
  });

  it('a refused retry after a lost attempt that did NOT apply: rejects with mayHaveBeenProcessed true', async () => {
    server.simulator.faults.inject({ route: SEATS, kind: 'status', status: 502 });
    server.simulator.faults.inject({
      route: SEATS,
      kind: 'status',
      status: 400,
      body: { detail: 'Seats limit exceeded: 12 > 10', status_code: 400 },
    });
    const error = await owner.seats
      .add(subscription, [{ email: 'hal@example.com' }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeatsRefusedError);
    expect(error).toMatchObject({
      mayHaveBeenProcessed: true,
      applied: [],
      refused: [{ message: 'Seats limit exceeded: 12 > 10' }],
    });
    expect(await activeSeats('hal@example.com')).toBe(0);
  });

  it('a plain refusal with no lost attempt stays what it is (not settled by looking)', async () => {
    await owner.seats.add(subscription, [{ email: 'ivy@example.com' }]);
    const error = await owner.seats
      .add(subscription, [{ email: 'ivy@example.com' }])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'BadRequestError', mayHaveBeenProcessed: false });
    expect(await activeSeats('ivy@example.com')).toBe(1);
  });

  const DELETE = 'DELETE /v2/payments/subscription/{subscription_id}/billing-team/seat/{seat_id}';

  it('remove: the retry gets 404 because the lost attempt removed the seat, and the call resolves', async () => {
    const [seat] = await owner.seats.add(subscription, [{ email: 'jon@example.com' }]);
    server.simulator.faults.inject({ route: DELETE, kind: 'reset-after' });
    await expect(owner.seats.remove(subscription, seat!.id)).resolves.toBeUndefined();
    expect(await activeSeats('jon@example.com')).toBe(0);
  });

  it('remove: a 404 with no lost attempt before it stays a NotFoundError, not processed', async () => {
    const error = await owner.seats.remove(subscription, 987_654).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NotFoundError', mayHaveBeenProcessed: false });
  });
});
