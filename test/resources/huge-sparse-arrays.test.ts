// An array argument of huge length costs nothing to make (`a.length = 2 ** 32 - 1`, or
// `new Array(1e9)`: holes only), and every check that walked it (seatpay's own loops, zod's parse,
// JSON.stringify) spent minutes on its holes before answering. Each array a public method accepts
// is refused by its length, before anything reads it: the usual InvalidRequestError naming the
// field, and nothing sent. (Without the length check each of these runs into the test's timeout.)
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, type CheckingParams } from '../../src/index.js';
import { testClient, useMockService } from '../support/msw.js';
import { expectRejectedBeforeSending } from './fixtures.js';

const service = useMockService();
const { seen } = service;

/** An array of `length` holes: made at once, as any caller can. */
function holes(length: number): never {
  const array: unknown[] = [];
  array.length = length;
  return array as never;
}

const LONGEST = 2 ** 32 - 1;

describe('an array argument of huge length is refused by its length, nothing sent', () => {
  const calls = [
    [
      'checking.preview plans',
      () => testClient().checking.preview({ plans: holes(LONGEST) }),
      'plans',
    ],
    [
      'checking.bag plans (new Array(1e9))',
      () => testClient().checking.bag({ plans: new Array(1e9) as number[] }),
      'plans',
    ],
    ['seats.add', () => testClient().seats.add(1, holes(LONGEST)), 'add_seats'],
    ['seats.replace', () => testClient().seats.replace(1, holes(LONGEST)), 'replace_seats'],
    [
      'media.finalize meta.categories',
      () =>
        testClient().media.finalize({
          operation_type: 'media',
          total_chunks: 1,
          filename: 'a.png',
          mime: 'image/png',
          meta: { categories: holes(LONGEST) },
        }),
      'meta.categories',
    ],
    [
      'media.upload meta.categories',
      () =>
        testClient().media.upload(new Uint8Array(3), {
          operation_type: 'media',
          filename: 'a.png',
          meta: { categories: holes(LONGEST) },
        }),
      'meta.categories',
    ],
  ] as const;

  it.each(calls)('%s', async (_label, call, field) => {
    const error = await expectRejectedBeforeSending(call(), field, seen);
    expect(error.message).toBe(
      `Invalid ${field}: must hold at most 10000 items: send more in several calls`,
    );
  });

  it('an extra field of a money call holding one: named by its path', async () => {
    const params = { plans: [12], notes: { lines: holes(LONGEST) } } as CheckingParams;
    const error = await expectRejectedBeforeSending(
      testClient().checking.preview(params),
      'params',
      seen,
    );
    expect(error.message).toBe(
      'Invalid params: notes.lines must hold at most 10000 items: send more in several calls',
    );
  });

  it('an extra field of a seat, of a payment and of a checkout holding one', async () => {
    const seat = { email: 'ann@example.com', extra: [holes(LONGEST)] } as never;
    const add = await expectRejectedBeforeSending(
      testClient().seats.add(1, [seat]),
      'add_seats.0',
      seen,
    );
    expect(add.message).toMatch(/^Invalid add_seats\.0: extra\.0 must hold at most 10000 items/);
    const pay = { token: 'bag_1', chosen_period: 'MONTH', extra: holes(LONGEST) } as never;
    await expectRejectedBeforeSending(testClient().pay.bag(pay), 'params', seen);
    const checkout = { service: 'ai-credits', how_many: 1, subscription: 1, extra: holes(LONGEST) };
    await expectRejectedBeforeSending(
      testClient().consumables.checkout(checkout as never),
      'params',
      seen,
    );
  });

  it('subscriptions.waitFor and purchase refuse an exclude of that length before polling', async () => {
    const waiting = testClient().subscriptions.waitFor({ exclude: holes(LONGEST), timeout: 1 });
    const error = await expectRejectedBeforeSending(waiting, 'exclude', seen);
    expect(error.message).toBe(
      'Invalid exclude: must hold at most 1000000 subscription ids (it has length 4294967295)',
    );
    const card = { card_number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '737' };
    const buying = testClient().purchase({
      plan: 'team',
      chosen_period: 'MONTH',
      card,
      exclude: holes(LONGEST),
    });
    await expectRejectedBeforeSending(buying, 'exclude', seen);
  });

  it('one item past the bound is refused; a hole in a short array as before', async () => {
    const plans = Array.from({ length: 10_001 }, (_, index) => index + 1);
    await expectRejectedBeforeSending(testClient().checking.preview({ plans }), 'plans', seen);
    // A hole in a short array is refused as the item it stands for (undefined), as before.
    const holed = [12, 0, 13];
    delete holed[1];
    const error = await expectRejectedBeforeSending(
      testClient().checking.preview({ plans: holed }),
      'plans.1',
      seen,
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
  });
});
