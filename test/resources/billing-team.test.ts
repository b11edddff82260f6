import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  BillingTeamSchema,
  OwnerOnlyError,
  ResponseValidationError,
  spendingOf,
  type BillingTeam,
  type BillingTeamReplace,
  type Spending,
} from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';
import {
  expectJsonRequest,
  expectNoBody,
  expectRejectedBeforeSending,
  expectStandardHeaders,
  onlyRequest,
  TEAM_LIVE,
  TEAM_PATCH_SHAPE,
  TEAM_READ_SHAPE,
  TEAM_SHORT_SHAPE,
} from './fixtures.js';

const service = useMockService();
const { server, seen } = service;

const PATH = '/v2/payments/subscription/123/billing-team';
const ROUTE = '/v2/payments/subscription/:id/billing-team';

describe('billingTeam.get', () => {
  it('sends GET /v2/payments/subscription/{id}/billing-team with no body', async () => {
    server.use(answer(`GET ${ROUTE}`, TEAM_READ_SHAPE));
    await testClient().billingTeam.get(123);

    const request = await onlyRequest(service);
    expect(request.method).toBe('GET');
    expect(request.path).toBe(PATH);
    expectStandardHeaders(request);
    expectNoBody(request);
  });

  it('reads the read shape: spend as a decimal string, cap from max_period_spend', async () => {
    server.use(answer(`GET ${ROUTE}`, TEAM_READ_SHAPE));
    const team = await testClient().billingTeam.get(123);

    expectTypeOf(team).toEqualTypeOf<BillingTeam>();
    expect(team).toMatchObject({
      id: 7,
      subscription: 123,
      seats_limit: 4,
      seats_count: 2,
      currency: 'USD',
      recharge_threshold_amount: '5.00',
      current_period_spend: '12.5',
    });
    const spending = spendingOf(team);
    expectTypeOf(spending).toEqualTypeOf<Spending>();
    expect(spending).toEqual({ cap: '50.00', spent: '12.5' });
  });

  it('reads the short shape, whose spending is unknown', async () => {
    server.use(answer(`GET ${ROUTE}`, TEAM_SHORT_SHAPE));
    const team = await testClient().billingTeam.get(123);

    expect(team).toEqual(TEAM_SHORT_SHAPE);
    expect(spendingOf(team)).toEqual({ cap: null, spent: null });
  });

  it("reads the deployed server's real body (live-api.md §2.1), extra keys kept", async () => {
    server.use(answer(`GET ${ROUTE}`, TEAM_LIVE));
    const team = await testClient().billingTeam.get(123);

    expect(team.consumption_strategy).toBe('PER_SEAT');
    expect(team.max_period_spend).toBeNull();
    expect(team.current_period_spend).toBe('0');
    expect(team.additional_seats).toBe(9);
    expect(team.seats_log).toEqual([]);
    expect(team.period_start).toBeNull();
    expect(spendingOf(team)).toEqual({ cap: null, spent: '0' });
  });

  it('accepts a consumption strategy the SDK does not know yet', async () => {
    server.use(answer(`GET ${ROUTE}`, { ...TEAM_SHORT_SHAPE, consumption_strategy: 'HYBRID' }));
    const team = await testClient().billingTeam.get(123);
    expect(team.consumption_strategy).toBe('HYBRID');
  });

  it.each([
    ['a fraction', 1.5],
    ['zero', 0],
    ['negative', -4],
    ['a numeric string', '123'],
  ])('rejects a subscription id that is %s before sending anything', async (_label, id) => {
    await expectRejectedBeforeSending(
      testClient().billingTeam.get(id as number),
      'subscription_id',
      seen,
    );
  });

  it('rejects a team without seats_limit with ResponseValidationError naming it', async () => {
    const { seats_limit: _limit, ...withoutLimit } = TEAM_READ_SHAPE;
    server.use(answer(`GET ${ROUTE}`, withoutLimit));
    const error = await testClient()
      .billingTeam.get(123)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toContainEqual([
      'seats_limit',
    ]);
  });

  it("turns the deployed server's owner-only 403 into OwnerOnlyError", async () => {
    server.use(
      answer(
        `GET ${ROUTE}`,
        { detail: 'Only the owner can manage team', status_code: 403 },
        { status: 403 },
      ),
    );
    const error = await testClient()
      .billingTeam.get(123)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(OwnerOnlyError);
    expect((error as OwnerOnlyError).status).toBe(403);
  });
});

describe('billingTeam.update', () => {
  it('sends PATCH with only the given fields, amounts as decimal strings', async () => {
    server.use(answer(`PATCH ${ROUTE}`, TEAM_PATCH_SHAPE));
    await testClient().billingTeam.update(123, {
      auto_recharge_enabled: true,
      recharge_amount: '10.00',
      max_monthly_spend: '100',
    });

    const request = await onlyRequest(service);
    expect(request.method).toBe('PATCH');
    expect(request.path).toBe(PATH);
    expectStandardHeaders(request);
    expectJsonRequest(request, {
      auto_recharge_enabled: true,
      recharge_amount: '10.00',
      max_monthly_spend: '100',
    });
  });

  it('reads the PATCH shape, whose cap and spend use the monthly names', async () => {
    server.use(answer(`PATCH ${ROUTE}`, TEAM_PATCH_SHAPE));
    const team = await testClient().billingTeam.update(123, { auto_recharge_enabled: true });

    expect(team).toEqual(TEAM_PATCH_SHAPE);
    expect(spendingOf(team)).toEqual({ cap: '100.00', spent: '12.40' });
  });

  it('rejects an empty patch before sending anything', async () => {
    const error = await expectRejectedBeforeSending(
      testClient().billingTeam.update(123, {}),
      'patch',
      seen,
    );
    expect(error.message).toMatch(/at least one field/);
  });

  it('rejects a negative or non-decimal amount before sending anything', async () => {
    await expectRejectedBeforeSending(
      // @ts-expect-error a number is not a DecimalString: JavaScript callers meet the run-time check
      testClient().billingTeam.update(123, { recharge_amount: -5 }),
      'recharge_amount',
      seen,
    );
    await expectRejectedBeforeSending(
      // @ts-expect-error 'ten' is not a DecimalString
      testClient().billingTeam.update(123, { recharge_threshold_amount: 'ten' }),
      'recharge_threshold_amount',
      seen,
    );
  });

  it('rejects a field of the PUT shape in a patch, naming that field', async () => {
    const patch = { max_period_spend: '50.00' } as unknown as { max_monthly_spend: '50.00' };
    const error = await expectRejectedBeforeSending(
      testClient().billingTeam.update(123, patch),
      'max_period_spend',
      seen,
    );
    expect(error.message).toContain('max_period_spend');
  });

  it('rejects a non-integer subscription id before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().billingTeam.update(12.5, { auto_recharge_enabled: false }),
      'subscription_id',
      seen,
    );
  });
});

describe('billingTeam.replace', () => {
  const CONFIG = {
    auto_recharge_enabled: true,
    recharge_threshold_amount: '5.00',
    recharge_amount: '10.00',
    max_period_spend: null,
  } satisfies BillingTeamReplace;

  it('sends PUT with the whole configuration, a null cap included', async () => {
    server.use(answer(`PUT ${ROUTE}`, TEAM_READ_SHAPE));
    await testClient().billingTeam.replace(123, CONFIG);

    const request = await onlyRequest(service);
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(PATH);
    expectStandardHeaders(request);
    expectJsonRequest(request, CONFIG);
  });

  it('sends numeric amounts (from JavaScript callers) as decimal strings and resolves to the team', async () => {
    server.use(answer(`PUT ${ROUTE}`, TEAM_READ_SHAPE));
    const team = await testClient().billingTeam.replace(123, {
      ...CONFIG,
      // @ts-expect-error a number is not a DecimalString; at run time one exact to the cent is taken
      recharge_amount: 12.5,
      max_period_spend: '50.00',
    });

    const request = await onlyRequest(service);
    expect(request.body).toMatchObject({ recharge_amount: '12.5', max_period_spend: '50.00' });
    expect(spendingOf(team)).toEqual({ cap: '50.00', spent: '12.5' });
  });

  it('rejects a configuration missing a field before sending anything', async () => {
    const { max_period_spend: _cap, ...partial } = CONFIG;
    await expectRejectedBeforeSending(
      testClient().billingTeam.replace(123, partial as typeof CONFIG),
      'max_period_spend',
      seen,
    );
  });

  it('rejects a non-boolean auto_recharge_enabled before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().billingTeam.replace(123, {
        ...CONFIG,
        auto_recharge_enabled: 'yes' as unknown as boolean,
      }),
      'auto_recharge_enabled',
      seen,
    );
  });
});

describe('BillingTeamSchema and spendingOf', () => {
  it.each([
    ['PATCH shape', TEAM_PATCH_SHAPE, { cap: '100.00', spent: '12.40' }],
    ['read shape', TEAM_READ_SHAPE, { cap: '50.00', spent: '12.5' }],
    ['short shape', TEAM_SHORT_SHAPE, { cap: null, spent: null }],
    ['live body', TEAM_LIVE, { cap: null, spent: '0' }],
  ])('parses the %s and reads its spending', (_label, body, spending) => {
    const team = BillingTeamSchema.parse(body);
    expect(spendingOf(team)).toEqual(spending);
  });
});
