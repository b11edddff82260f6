import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  InvalidRequestError,
  InternalServerError,
  PaymentRequiredError,
  spendingOf,
  type BillingTeamReplace,
} from '../../src/index.js';
import { answer, BASE_URL, testClient, useMockService } from '../support/msw.js';
import {
  CHUNK_RECORD,
  consumable,
  MEDIA_FILE,
  PAYMENT,
  PREVIEW,
  SEATS,
  SUBSCRIPTIONS,
  TEAM_LIVE,
} from './fixtures.js';

// What the deployed server answers (reference/live-api.md), at its own methods and paths, read by
// a `profile: 'deployed'` client: every answer is typed by the SDK's schemas as it comes.
const service = useMockService();
const client = () => testClient({ profile: 'deployed' });
const team = '/v2/payments/subscription/123/billing-team';

describe("profile 'deployed' reads that server's answers", () => {
  it('checking: a 201 preview whose token pays; the card: `{ status: "ok" }`; pay: a 201 invoice', async () => {
    service.server.use(
      answer('PUT /v1/payments/checking', PREVIEW, { status: 201 }),
      answer('POST /v1/payments/card', { status: 'ok' }),
      answer('POST /v1/payments/pay', PAYMENT, { status: 201 }),
    );
    const bag = await client().checking.bag({ plans: ['team-per-seat'], team_seats: 3 });
    expect(bag.token).toBe(PREVIEW.token);
    expect(bag.amount_per_month).toBe('59.99');
    const card = await client().card.register({
      card_number: '4242424242424242',
      cvc: '123',
      exp_month: '12',
      exp_year: '2035',
      academy: 1,
    });
    expect(card.status).toBe('ok');
    const payment = await client().pay.bag({
      token: bag.token,
      chosen_period: 'MONTH',
      payment_method_id: 3,
    });
    expect([payment.id, payment.amount, payment.status]).toEqual([7018, '239.995', 'FULFILLED']);
  });

  it('subscriptions with plan_financings; its billing team with the period bug; 207 seats', async () => {
    const live = { ...TEAM_LIVE, period_start: '2026-08-15T16:35:12.904426T', currency: 'USD' };
    service.server.use(
      answer('GET /v1/payments/me/subscription', SUBSCRIPTIONS),
      answer(`GET ${team}`, live),
      answer(`PUT ${team}/seat`, { data: [SEATS[1]], errors: [] }, { status: 207 }),
    );
    const { subscriptions } = await client().subscriptions.list();
    expect(subscriptions[0]).toMatchObject({ id: 123, seats_limit: 4 });
    expect(spendingOf(await client().billingTeam.get(123))).toEqual({ cap: null, spent: '0' });
    const added = await client().seats.add(123, [{ email: 'ada@example.com', cohort_id: 55 }]);
    expect(added.map((seat) => seat.email)).toEqual(['ada@example.com']);
  });

  it('consumables in its four groups, and a 201 invoice for a checkout', async () => {
    const group = (slug: string, items: unknown[]) => ({
      id: 1,
      slug,
      balance: { unit: 5 },
      items,
    });
    service.server.use(
      answer('GET /v1/payments/me/service/consumable', {
        mentorship_service_sets: [],
        cohort_sets: [group('cohort-set', [consumable(1)])],
        event_type_sets: [],
        voids: [group('ai-credits', [consumable(2, { standalone_invoice: { id: 9 } })])],
      }),
      answer('POST /v2/payments/consumable/checkout', PAYMENT, { status: 201 }),
    );
    expect((await client().consumables.items()).map((item) => item.id)).toEqual([1, 2]);
    const invoice = await client().consumables.checkout({
      service: 'ai-credits',
      how_many: 5,
      subscription: 123,
      academy: 1,
    });
    expect(invoice.amount).toBe('239.995');
  });

  it('a checkout by service id, no subscription: sent as given; its invoice of standalone units', async () => {
    const standalone = { id: 31, unit_type: 'UNIT', how_many: 5, valid_until: null, user: 1 };
    service.server.use(
      answer(
        'POST /v2/payments/consumable/checkout',
        {
          ...PAYMENT,
          amount: 4.0,
          standalone_consumables: [{ ...standalone, service: { id: 7, slug: 'ai-credits' } }],
        },
        { status: 201 },
      ),
    );
    const receipt = await client().consumables.checkout({ service: 7, how_many: 5, academy: 1 });
    await service.settled();
    expect(service.seen.map((request) => request.body)).toEqual([
      { service: 7, how_many: 5, academy: 1 },
    ]);
    expect(receipt.amount).toBe('4'); // a decimal string, though the server sent 4.0
    expect(receipt.standalone_consumables?.[0]).toMatchObject({ how_many: 5, service: { id: 7 } });
  });

  it('billingTeam.replace sends {}; any setting is refused unsent, as that server fails it', async () => {
    service.server.use(http.put(`${BASE_URL}${team}`, () => HttpResponse.json(TEAM_LIVE)));
    await expect(client().billingTeam.replace(123, {})).resolves.toMatchObject({
      id: TEAM_LIVE.id,
    });
    const settings: BillingTeamReplace[] = [
      { auto_recharge_enabled: true },
      { recharge_amount: '0.50' },
      { recharge_threshold_amount: '1.00' },
      { max_period_spend: null },
    ];
    for (const setting of settings) {
      const refused = await client()
        .billingTeam.replace(123, setting)
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect((refused as InvalidRequestError).field).toBe(Object.keys(setting)[0]);
      expect((refused as Error).message).toMatch(/deployed server cannot change auto-recharge/);
    }
    await service.settled();
    expect(service.seen.map((request) => request.body)).toEqual([{}]);
  });

  it('a declined card at pay is a PaymentRequiredError', async () => {
    const declined = {
      detail: 'Card declined',
      status_code: 402,
      silent: true,
      silent_code: 'card-error',
    };
    service.server.use(answer('POST /v1/payments/pay', declined, { status: 402 }));
    const error = await client()
      .pay.bag({ token: 'a'.repeat(40), chosen_period: 'MONTH', payment_method_id: 3 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error).toMatchObject({ status: 402, mayHaveBeenProcessed: false });
    expect(service.seen).toHaveLength(1); // a refusal: never sent again
  });

  it('an academy chunk names the academy by slug; finalize answers its md5-named file', async () => {
    service.server.use(
      answer(
        'PUT /v2/media/academy/chunk',
        { ...CHUNK_RECORD, academy: 'downtown-miami' },
        { status: 201 },
      ),
      answer('PUT /v2/media/academy/chunk/upload', MEDIA_FILE, { status: 201 }),
    );
    const chunk = await client().media.uploadChunk({
      operation_type: 'media',
      total_chunks: 3,
      chunk_index: 1,
      chunk: new Uint8Array([1, 2, 3]),
      academy: 4,
    });
    expect(chunk.academy).toBe('downtown-miami');
    const file = await client().media.finalize({
      operation_type: 'media',
      total_chunks: 3,
      filename: 'talk.mp4',
      mime: 'video/mp4',
      meta: { slug: 'talk', name: 'Talk', categories: [], academy: 4 },
      academy: 4,
    });
    expect([file.name, file.status]).toEqual([MEDIA_FILE.name, 'TRANSFERRING']);
  });

  it("an unhandled error's HTML 500 page becomes InternalServerError", async () => {
    service.server.use(
      http.get(`${BASE_URL}/v1/payments/plan/team-per-seat`, () =>
        HttpResponse.html('<html><head><title>Server Error (500)</title></head></html>', {
          status: 500,
        }),
      ),
    );
    const error = await client()
      .plans.get('team-per-seat', { maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message).toContain('HTML error page: Server Error (500)');
  });
});
