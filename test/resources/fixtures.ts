// Realistic answers of the service, taken from SERVICE.md and from what the deployed server sends
// (reference/live-api.md), plus the assertions every resource test repeats.
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { InvalidRequestError, VERSION } from '../../src/index.js';
import { BASE_URL, TOKEN, recordedSoFar, type SeenRequest } from '../support/msw.js';

/** live-api.md §1.1, trimmed: a per-seat team plan whose prices arrive as JSON numbers. */
export const PLAN = {
  id: 12,
  slug: 'team-per-seat',
  title: 'Team per seat',
  status: 'ACTIVE',
  time_of_life: 0,
  time_of_life_unit: null,
  trial_duration: 0,
  trial_duration_unit: 'MONTH',
  service_items: [
    {
      id: 3,
      unit_type: 'UNIT',
      how_many: -1,
      sort_priority: 1,
      is_renewable: true,
      is_team_allowed: true,
      renew_at: 1,
      renew_at_unit: 'MONTH',
      service: {
        id: 9,
        slug: 'ai-credits',
        title: 'AI credits',
        owner: null,
        icon_url: null,
        private: false,
        groups: [],
        type: 'VOID',
        consumer: 'AI_INTERACTION',
        session_duration: null,
      },
    },
  ],
  financing_options: [],
  price_per_month: 59.99,
  price_per_quarter: null,
  price_per_half: null,
  price_per_year: 479.99,
  currency: { code: 'USD', name: 'US Dollar' },
  is_renewable: true,
  owner: { id: 47, name: '4Geeks.com', slug: '4geeks' },
  seat_service_price: { id: 5, price_per_unit: 12.5, currency: { code: 'USD', name: 'US Dollar' } },
  consumption_strategy: 'PER_SEAT',
  features: null,
};

/** live-api.md §1.2: a PREVIEW answer; amounts are floats, the token has 40 characters. */
export const PREVIEW = {
  id: 2414288,
  service_items: [],
  plans: [{ slug: 'team-per-seat', title: 'Team per seat', status: 'ACTIVE' }],
  plan_addons: [],
  coupons: [],
  status: 'CHECKING',
  type: 'PREVIEW',
  is_recurrent: true,
  was_delivered: false,
  amount_per_month: 59.99,
  amount_per_quarter: 0.0,
  amount_per_half: 0.0,
  amount_per_year: 479.99,
  discounted_amount_per_month: 29.995,
  token: '409a031c3ff6e2f55394722d4c05db63bd336df4',
  expires_at: '2025-10-11T17:42:38.186215Z',
};

export const BAG = { ...PREVIEW, id: 2414289, type: 'BAG' };

/** live-api.md §1.4: the production capture of a payment answer (an invoice). */
export const PAYMENT = {
  amount: 239.995,
  currency: { code: 'USD', name: 'US Dollar' },
  paid_at: '2025-10-11T16:35:12.904426Z',
  status: 'FULFILLED',
  user: { first_name: 'Ramon', last_name: 'Peralta', email: 'ramon@example.com' },
  id: 7018,
  coupons: [{ slug: 'new-year-50', discount_type: 'PERCENT_OFF', discount_value: 0.5 }],
};

/** live-api.md §1.5: the listing also carries `plan_financings`, and plans inside have no id. */
export const SUBSCRIPTIONS = {
  subscriptions: [
    {
      id: 123,
      status: 'ACTIVE',
      status_message: null,
      plans: [{ slug: 'team-per-seat', title: 'Team per seat', status: 'ACTIVE' }],
      has_billing_team: true,
      seats_count: 2,
      seats_limit: 4,
      pay_every: 1,
      pay_every_unit: 'MONTH',
      next_renewal_amount: 59.99,
      paid_at: '2025-10-11T16:35:12.904426Z',
    },
  ],
  plan_financings: [],
};

/** SERVICE.md, billing team, shape 1: the PATCH answer. */
export const TEAM_PATCH_SHAPE = {
  id: 7,
  subscription: 123,
  name: 'Team 123',
  seats_limit: 4,
  consumption_strategy: 'PER_SEAT',
  auto_recharge_enabled: true,
  recharge_threshold_amount: '5.00',
  recharge_amount: '10.00',
  max_monthly_spend: '100.00',
  current_month_spend: '12.40',
  last_recharge_reset_at: null,
};

/** SERVICE.md, billing team, shape 2: the read shape (`current_period_spend` is a number). */
export const TEAM_READ_SHAPE = {
  id: 7,
  subscription: 123,
  name: 'Team 123',
  seats_limit: 4,
  seats_count: 2,
  auto_recharge_enabled: false,
  recharge_threshold_amount: '5.00',
  recharge_amount: '10.00',
  max_period_spend: '50.00',
  current_period_spend: 12.5,
  currency: 'USD',
};

/** SERVICE.md, billing team, shape 3: the short read shape. */
export const TEAM_SHORT_SHAPE = {
  id: 7,
  subscription: 123,
  seats_limit: 4,
  consumption_strategy: 'PER_TEAM',
};

/** live-api.md §2.1: what the deployed server really answers to GET billing-team. */
export const TEAM_LIVE = {
  id: 7,
  subscription: 123,
  name: 'Team 123',
  seats_limit: 10,
  additional_seats: 9,
  seats_count: 1,
  seats_log: [],
  consumption_strategy: 'PER_SEAT',
  auto_recharge_enabled: false,
  recharge_threshold_amount: '10.00',
  recharge_amount: '10.00',
  max_period_spend: null,
  current_period_spend: 0.0,
  period_start: null,
  period_end: null,
  currency: null,
};

/** live-api.md §2.2: seats carry a `seat_log` the SDK does not know about. */
export const SEATS = [
  {
    id: 1,
    email: 'owner@example.com',
    user: 1,
    is_active: true,
    seat_log: [{ email: 'owner@example.com', action: 'ADDED', created_at: '2025-10-11T16:35:12Z' }],
  },
  {
    id: 2,
    email: 'ada@example.com',
    user: null,
    is_active: true,
    seat_log: [{ email: 'ada@example.com', action: 'ADDED', created_at: '2025-10-12T09:00:00Z' }],
  },
];

/** live-api.md §1.6: a consumable item of the deployed server. */
export function consumable(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    how_many: 5,
    unit_type: 'UNIT',
    valid_until: null,
    subscription_seat: 3,
    subscription_billing_team: 7,
    user: 456,
    subscription: 123,
    plan_financing: null,
    standalone_invoice: null,
    ...extra,
  };
}

/** SERVICE.md, chunk record; live-api.md §3 adds nothing to it. */
export const CHUNK_RECORD = {
  academy: null,
  user: 1,
  name: 'talk.mp4',
  operation_type: 'media',
  mime: 'video/mp4',
  chunk_index: 1,
  total_chunks: 3,
};

/** live-api.md §3: the finalize answer; `name` is an md5, `notification` an extra key. */
export const MEDIA_FILE = {
  id: 1,
  notification: 1,
  academy: null,
  user: 1,
  status: 'TRANSFERRING',
  name: 'a291e39ac495b2effd38d508417cd731',
  operation_type: 'media',
  mime: 'video/mp4',
};

/** A `DELETE` handler answering 204 with no body. */
export function noContent(path: string) {
  return http.delete(BASE_URL + path, () => new HttpResponse(null, { status: 204 }));
}

/** What `useMockService()` hands back, as far as these helpers need it. */
interface MockService {
  seen: SeenRequest[];
  /** Resolves once every recorded request body has been read (when the harness reads them lazily). */
  settled?: () => Promise<unknown>;
}

/**
 * The requests msw has recorded, bodies read, once at least `count` are: called after the calls
 * that sent them (msw records a request as it starts, before answering), so nothing is polled for.
 */
export async function sent(service: MockService, count = 1): Promise<SeenRequest[]> {
  expect(service.seen.length).toBeGreaterThanOrEqual(count);
  await service.settled?.();
  return service.seen;
}

/** The one request of a call, once recorded. */
export async function onlyRequest(service: MockService): Promise<SeenRequest> {
  const [request] = await sent(service, 1);
  expect(service.seen).toHaveLength(1);
  return request!;
}

/** The headers every call carries. */
export function expectStandardHeaders(request: SeenRequest): void {
  expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(request.headers.accept).toBe('application/json');
  expect(request.headers['user-agent']).toBe(`seatpay/${VERSION}`);
}

/** A JSON body was sent, declared as such. */
export function expectJsonRequest(request: SeenRequest, body: unknown): void {
  expect(request.headers['content-type']).toBe('application/json');
  expect(request.body).toEqual(body);
}

/** A call without a body: nothing sent, no content type claimed. */
export function expectNoBody(request: SeenRequest): void {
  expect(request.body).toBeUndefined();
  expect(request.headers['content-type']).toBeUndefined();
}

/**
 * The call was rejected with InvalidRequestError naming `field`, and nothing reached the service.
 * Returns the error for further checks.
 */
export async function expectRejectedBeforeSending(
  call: Promise<unknown>,
  field: string,
  seen: SeenRequest[],
): Promise<InvalidRequestError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect((error as InvalidRequestError).field).toBe(field);
  // A request, had one been sent, is recorded as msw handles it: by the time one sent after the
  // rejection is answered, not after a pause.
  expect(await recordedSoFar(seen)).toEqual([]);
  return error as InvalidRequestError;
}

/** A console-like logger whose calls can be inspected. */
export function spyLogger() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
}
