import { describe, expect, it } from 'vitest';
import {
  APIError,
  BadRequestError,
  BillingPeriodLimitError,
  InternalServerError,
  NotFoundError,
  OwnerOnlyError,
  PermissionDeniedError,
  RateLimitError,
  RechargeBudgetError,
  SeatpayError,
} from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';

// A named failure is thrown as its own class (OwnerOnlyError ...), and is also an instance of the
// class its status stands for, so `catch` code written against either class sees it.

const { server } = useMockService();
const TEAM = 'GET /v2/payments/subscription/:id/billing-team';

async function failureOf(detail: string, status: number): Promise<unknown> {
  server.use(answer(TEAM, { detail, status_code: status }, { status }));
  return testClient({ maxRetries: 0 })
    .billingTeam.get(7)
    .catch((error: unknown) => error);
}

describe('a named failure is also its status class', () => {
  it.each([
    ['Only the owner can manage team', 403, OwnerOnlyError, PermissionDeniedError],
    ['Only the owner can manage seats', 400, OwnerOnlyError, BadRequestError],
    ['Billing period limit reached', 400, BillingPeriodLimitError, BadRequestError],
    ['Billing period limit reached', 429, BillingPeriodLimitError, RateLimitError],
    ['No budget available for recharge', 404, RechargeBudgetError, NotFoundError],
    ['No budget available for recharge', 503, RechargeBudgetError, InternalServerError],
  ] as const)('"%s" answered %i', async (detail, status, Named, StatusClass) => {
    const error = await failureOf(detail, status);

    expect(error).toBeInstanceOf(Named);
    expect(error).toBeInstanceOf(StatusClass);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(SeatpayError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: Named.name, status });
    expect((error as Error).message).toMatch(new RegExp(`^${status} ${detail} \\(GET /v2/`));
  });

  it('is not an instance of the status classes of other statuses', async () => {
    const error = await failureOf('Only the owner can manage team', 403);

    for (const Other of [BadRequestError, NotFoundError, RateLimitError, InternalServerError]) {
      expect(error).not.toBeInstanceOf(Other);
    }
    expect(error).not.toBeInstanceOf(BillingPeriodLimitError);
    expect(error).not.toBeInstanceOf(RechargeBudgetError);
  });

  it('on a status without a class (402) is an APIError and its named class only', async () => {
    const error = await failureOf('Billing period limit reached', 402);

    expect(error).toBeInstanceOf(BillingPeriodLimitError);
    expect(error).toBeInstanceOf(APIError);
    for (const Other of [BadRequestError, PermissionDeniedError, InternalServerError]) {
      expect(error).not.toBeInstanceOf(Other);
    }
  });

  it('a status error without a named message is not a named error', async () => {
    const error = await failureOf('You do not have permission to perform this action.', 403);

    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).not.toBeInstanceOf(OwnerOnlyError);
    expect(error).toMatchObject({ name: 'PermissionDeniedError' });
  });

  it("a subclass of a status class written by the user keeps JavaScript's own instanceof", async () => {
    class AppPermissionError extends PermissionDeniedError {}
    const error = await failureOf('Only the owner can manage team', 403);

    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).not.toBeInstanceOf(AppPermissionError);
  });
});
