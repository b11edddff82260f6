import { InvalidRequestError } from './errors/validation-errors.js';

/**
 * Every route of the service in one table: the whole wire contract at a glance (SERVICE.md).
 *
 * `replay` says when a failed attempt may be sent again:
 * - `'idempotent'`: sending it twice has the same effect as once (GET, PUT, DELETE, chunk uploads),
 *   so any transient failure may be retried.
 * - `'unprocessed-only'`: it spends money or creates something (pay, checking, consumable checkout,
 *   finalize), so it is re-sent only when the service cannot have processed the first attempt.
 *
 * A variant of the service can swap an entry here (say `PUT` for the checking call) without
 * touching any resource code.
 */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly replay: 'idempotent' | 'unprocessed-only';
}

const route = (spec: string, replay: Route['replay'] = 'idempotent'): Route => {
  const [method, path] = spec.split(' ') as [Route['method'], string];
  return { method, path, replay };
};

export const routes = {
  getPlan: route('GET /v1/payments/plan/{plan_slug}'),
  checking: route('POST /v1/payments/checking', 'unprocessed-only'),
  registerCard: route('PUT /v1/payments/card'),
  pay: route('POST /v1/payments/pay', 'unprocessed-only'),
  listSubscriptions: route('GET /v1/payments/me/subscription'),
  listConsumables: route('GET /v1/provisioning/me/consumables'),

  getBillingTeam: route('GET /v2/payments/subscription/{subscription_id}/billing-team'),
  updateBillingTeam: route('PATCH /v2/payments/subscription/{subscription_id}/billing-team'),
  replaceBillingTeam: route('PUT /v2/payments/subscription/{subscription_id}/billing-team'),
  listSeats: route('GET /v2/payments/subscription/{subscription_id}/billing-team/seat'),
  putSeats: route('PUT /v2/payments/subscription/{subscription_id}/billing-team/seat'),
  deleteSeat: route(
    'DELETE /v2/payments/subscription/{subscription_id}/billing-team/seat/{seat_id}',
  ),
  consumableCheckout: route('POST /v2/payments/consumable/checkout', 'unprocessed-only'),

  listOperationTypes: route('GET /v2/media/operationtype'),
  getOperationType: route('GET /v2/media/operationtype/{operation_type}'),
  uploadChunk: route('POST /v2/media/me/chunk'),
  finalizeUpload: route('POST /v2/media/me/chunk/upload', 'unprocessed-only'),
  uploadAcademyChunk: route('POST /v2/media/academy/chunk'),
  finalizeAcademyUpload: route('POST /v2/media/academy/chunk/upload', 'unprocessed-only'),
} satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/**
 * Fills `{name}` placeholders, encoding each value so that no parameter can change the path. Two
 * values cannot be encoded at all: `.` and `..` (URL parsers resolve them, even percent-encoded,
 * so `plans.get('..')` would call another route) and strings with lone surrogates
 * (encodeURIComponent throws a URIError); both are rejected as bad arguments.
 */
export function expandPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`seatpay: missing path parameter "${name}"`);
    const text = String(value);
    if (text === '.' || text === '..') {
      throw new InvalidRequestError(`Invalid ${name}: cannot be "${text}"`, { field: name });
    }
    try {
      return encodeURIComponent(text);
    } catch {
      throw new InvalidRequestError(`Invalid ${name}: must be well-formed Unicode text`, {
        field: name,
      });
    }
  });
}
