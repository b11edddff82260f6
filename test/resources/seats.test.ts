import { describe, expect, expectTypeOf, it } from 'vitest';
import { OwnerOnlyError, ResponseValidationError, type Seat } from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';
import {
  expectJsonRequest,
  expectNoBody,
  expectRejectedBeforeSending,
  expectStandardHeaders,
  noContent,
  onlyRequest,
  SEATS,
} from './fixtures.js';

const service = useMockService();
const { server, seen } = service;

const PATH = '/v2/payments/subscription/123/billing-team/seat';
const ROUTE = '/v2/payments/subscription/:id/billing-team/seat';

describe('seats.list', () => {
  it('sends GET .../billing-team/seat and resolves to the seats, unknown fields kept', async () => {
    server.use(answer(`GET ${ROUTE}`, SEATS));
    const seats = await testClient().seats.list(123);

    const request = await onlyRequest(service);
    expect(request.method).toBe('GET');
    expect(request.path).toBe(PATH);
    expectStandardHeaders(request);
    expectNoBody(request);

    expectTypeOf(seats).toEqualTypeOf<Seat[]>();
    expect(seats).toEqual(SEATS);
    expect(seats[1]?.user).toBeNull();
    expect(seats[0]?.seat_log).toHaveLength(1);
  });

  it('rejects a seat without an email with ResponseValidationError', async () => {
    server.use(answer(`GET ${ROUTE}`, [{ id: 1, user: null, is_active: true }]));
    const error = await testClient()
      .seats.list(123)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('rejects a non-integer subscription id before sending anything', async () => {
    await expectRejectedBeforeSending(testClient().seats.list(1.5), 'subscription_id', seen);
  });
});

describe('seats.add', () => {
  it('sends PUT .../billing-team/seat with add_seats', async () => {
    server.use(answer(`PUT ${ROUTE}`, SEATS));
    const add = [
      { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
      { email: 'bob@example.com' },
    ];
    await testClient().seats.add(123, add);

    const request = await onlyRequest(service);
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(PATH);
    expectStandardHeaders(request);
    expectJsonRequest(request, { add_seats: add });
  });

  it("reads the deployed server's 207 answer {data, errors} as the seats array", async () => {
    server.use(answer(`PUT ${ROUTE}`, { data: SEATS, errors: [] }, { status: 207 }));
    const seats = await testClient().seats.add(123, [{ email: 'ada@example.com' }]);

    expectTypeOf(seats).toEqualTypeOf<Seat[]>();
    expect(seats).toEqual(SEATS);
  });

  it('rejects a seat with an invalid email before sending anything, naming add_seats.0.email', async () => {
    await expectRejectedBeforeSending(
      testClient().seats.add(123, [{ email: 'not-an-email' }]),
      'add_seats.0.email',
      seen,
    );
  });

  it('names the offending seat by its position', async () => {
    await expectRejectedBeforeSending(
      testClient().seats.add(123, [{ email: 'ada@example.com' }, { email: 'bob@' }]),
      'add_seats.1.email',
      seen,
    );
  });

  it('rejects an empty list of seats before sending anything', async () => {
    await expectRejectedBeforeSending(testClient().seats.add(123, []), 'add_seats', seen);
  });

  it('turns the owner-only refusal into OwnerOnlyError', async () => {
    server.use(
      answer(
        `PUT ${ROUTE}`,
        { detail: 'Only the owner can manage team members', status_code: 403 },
        { status: 403 },
      ),
    );
    const error = await testClient()
      .seats.add(123, [{ email: 'ada@example.com' }])
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(OwnerOnlyError);
  });
});

describe('seats.replace', () => {
  it('sends PUT .../billing-team/seat with replace_seats and resolves to the seats', async () => {
    const after = [SEATS[0], { ...SEATS[1], email: 'eve@example.com' }];
    server.use(answer(`PUT ${ROUTE}`, after));
    const replacements = [{ from_email: 'ada@example.com', to_email: 'eve@example.com' }];
    const seats = await testClient().seats.replace(123, replacements);

    const request = await onlyRequest(service);
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(PATH);
    expectStandardHeaders(request);
    expectJsonRequest(request, { replace_seats: replacements });
    expect(seats.map((seat) => seat.email)).toEqual(['owner@example.com', 'eve@example.com']);
  });

  it('reads the 207 shape too', async () => {
    server.use(answer(`PUT ${ROUTE}`, { data: [SEATS[0]], errors: [] }, { status: 207 }));
    const seats = await testClient().seats.replace(123, [
      { from_email: 'ada@example.com', to_email: 'eve@example.com' },
    ]);
    expect(seats).toEqual([SEATS[0]]);
  });

  it('rejects an invalid to_email before sending anything, naming replace_seats.0.to_email', async () => {
    await expectRejectedBeforeSending(
      testClient().seats.replace(123, [{ from_email: 'ada@example.com', to_email: 'eve' }]),
      'replace_seats.0.to_email',
      seen,
    );
  });

  it('rejects an empty list of replacements before sending anything', async () => {
    await expectRejectedBeforeSending(testClient().seats.replace(123, []), 'replace_seats', seen);
  });
});

describe('seats.remove', () => {
  it('sends DELETE .../billing-team/seat/{seat_id} and resolves to undefined on a 204', async () => {
    server.use(noContent(`${ROUTE}/:seat`));
    const result = await testClient().seats.remove(123, 45);

    const request = await onlyRequest(service);
    expect(request.method).toBe('DELETE');
    expect(request.path).toBe(`${PATH}/45`);
    expectStandardHeaders(request);
    expectNoBody(request);
    expectTypeOf(result).toEqualTypeOf<void>();
    expect(result).toBeUndefined();
  });

  it('rejects a seat id that is not a positive integer before sending anything', async () => {
    await expectRejectedBeforeSending(testClient().seats.remove(123, 0), 'seat_id', seen);
    await expectRejectedBeforeSending(testClient().seats.remove(123, 4.5), 'seat_id', seen);
  });

  it('rejects a bad subscription id before the seat id, sending nothing', async () => {
    await expectRejectedBeforeSending(testClient().seats.remove(-1, 45), 'subscription_id', seen);
  });
});
