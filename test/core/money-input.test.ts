import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DecimalInputSchema,
  isDecimalString,
  parseDecimal,
  InvalidRequestError,
  type BillingTeamReplace,
} from '../../src/index.js';
import { onlyRequest } from '../resources/fixtures.js';
import { answer, testClient, useMockService } from '../support/msw.js';

// Amounts given as JS numbers are sent exactly or refused: a whole number of cents goes out as its
// shortest decimal, and a floating-point result with noise past the cents (0.1 + 0.2) is refused
// before anything is sent, never rounded into an amount the caller's code never held.

const service = useMockService();
const { server, seen } = service;
const ROUTE = 'PUT /v2/payments/subscription/:id/billing-team';
const CONFIG = {
  auto_recharge_enabled: true,
  recharge_threshold_amount: '5.00',
  recharge_amount: '10.00',
  max_period_spend: null,
} satisfies BillingTeamReplace;

describe('amounts given as numbers', () => {
  it('every whole number of cents is sent as a decimal that reads back as that amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_99 }), (cents) => {
        const sent = DecimalInputSchema.parse(cents / 100);
        expect(sent).toMatch(/^\d+(\.\d{1,2})?$/);
        expect(Math.round(Number(sent) * 100)).toBe(cents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a sum or product whose float carries noise past the cents is refused, never rounded', () => {
    const noisy = fc
      .tuple(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }))
      .map(([a, b]) => a / 100 + b / 100)
      .filter((sum) => !/^\d+(\.\d{1,2})?$/.test(String(sum)));
    fc.assert(
      fc.property(noisy, (sum) => {
        expect(DecimalInputSchema.safeParse(sum).success).toBe(false);
      }),
      { numRuns: 500 },
    );
    expect(DecimalInputSchema.safeParse(0.1 + 0.2).success).toBe(false);
    expect(DecimalInputSchema.safeParse(1.1 * 3).success).toBe(false);
  });

  it('strings are sent exactly as written', () => {
    expect(DecimalInputSchema.parse('0.30')).toBe('0.30');
    expect(DecimalInputSchema.parse('10')).toBe('10');
  });

  it('billingTeam.replace refuses a seat price times a seat count in floating point, sending nothing', async () => {
    server.use(answer(ROUTE, { id: 7, subscription: 123, seats_limit: 4 }));
    const seatPrice = 1.1;

    const refused = await testClient()
      // @ts-expect-error a number is not a DecimalString: JavaScript callers meet the run-time check
      .billingTeam.replace(123, { ...CONFIG, max_period_spend: seatPrice * 3 })
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'max_period_spend' });
    expect((refused as Error).message).toContain('pass a decimal string such as "0.30"');
    expect(seen).toEqual([]);
  });

  it('billingTeam.replace sends the same amount computed in cents', async () => {
    server.use(answer(ROUTE, { id: 7, subscription: 123, seats_limit: 4 }));
    const seatPriceCents = 110;

    await testClient().billingTeam.replace(123, {
      ...CONFIG,
      max_period_spend: `${(seatPriceCents * 3) / 100}`, // a DecimalString, '3.3'
    });

    const request = await onlyRequest(service);
    expect(request.body).toMatchObject({ max_period_spend: '3.3' });
  });
});

describe('one rule for every amount, a string or a number (issue 29 F5, issue 31)', () => {
  it.each([
    ['0.30000000000000004', /has 17 decimals/],
    [0.1 + 0.2, /has 17 decimals/],
    ['10.001', /has 3 decimals, more than 2 \(cents\)/],
    [10.001, /has 3 decimals/],
    ['-1.00', /must not be negative: drop the minus sign/],
    [-1, /must not be negative/],
    ['10,50', /uses a comma: write the decimal point as "\."/],
    [' 10.00', /has spaces around it/],
    ['1e3', /must be a decimal amount such as "10\.00"/],
    [Number.NaN, /must be a finite number/],
  ])('%j is refused before sending, saying why', async (amount, reason) => {
    expect(() => parseDecimal(amount)).toThrow(InvalidRequestError);
    expect(() => parseDecimal(amount)).toThrow(reason);
    expect(isDecimalString(amount)).toBe(false);

    const refused = await testClient()
      .billingTeam.replace(123, { ...CONFIG, recharge_amount: amount as never })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'recharge_amount' });
    expect((refused as Error).message).toMatch(reason);
    expect(seen).toEqual([]);
  });

  it.each([
    ['10', '10'],
    ['10.5', '10.5'],
    ['0.30', '0.30'],
    [12.5, '12.5'],
    [0, '0'],
  ])('%j is taken as %j, and sent so', async (amount, sent) => {
    expect(parseDecimal(amount)).toBe(sent);
    expect(isDecimalString(sent)).toBe(true);
    server.use(answer(ROUTE, { id: 7, subscription: 123, seats_limit: 4 }));
    await testClient().billingTeam.replace(123, {
      ...CONFIG,
      recharge_amount: parseDecimal(amount),
    });
    expect((await onlyRequest(service)).body).toMatchObject({ recharge_amount: sent });
  });

  it('a form value becomes a DecimalString with no cast (a compile-time check too)', () => {
    const input: string = '19.99';
    if (isDecimalString(input)) {
      const amount: BillingTeamReplace['recharge_amount'] = input;
      expect(amount).toBe('19.99');
    } else throw new Error('19.99 is an amount');
  });
});
