import { InvalidRequestError } from '../errors/validation-errors.js';

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
 *
 * @example
 * ```ts
 * import { routes, type Route } from 'seatpay';
 *
 * const pay: Route = routes.pay;
 * console.log(pay.method, pay.path, pay.replay); // POST /v1/payments/pay unprocessed-only
 * ```
 * @category Client
 */
export interface Route {
  /** The HTTP method. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under `baseUrl`, with `{name}` placeholders for the path parameters. */
  readonly path: string;
  /** When a failed attempt may be sent again (see above). */
  readonly replay: 'idempotent' | 'unprocessed-only';
  /** Fields this route adds to every JSON body it sends (the checking `type`). */
  readonly fixedFields?: Readonly<Record<string, unknown>>;
  /** Body fields sent JSON-encoded, as strings (SERVICE.md's finalize `meta`). */
  readonly jsonEncodedFields?: readonly string[];
  /**
   * Body fields this server requires although the argument's type leaves them optional (another
   * profile's server does without them): a call without one is refused before anything is sent,
   * with an `InvalidRequestError` naming the field.
   */
  readonly requiredFields?: readonly string[];
  /**
   * Body fields this server cannot take (it fails every request holding one, changing nothing): a
   * call with one is refused before anything is sent, with an `InvalidRequestError` carrying
   * `advice`.
   */
  readonly unsupportedFields?: {
    /** The fields this server does not take (dotted paths, `[]` for every item of an array). */
    readonly fields: readonly string[];
    /** What the refusal says to do instead. */
    readonly advice: string;
  };
  /**
   * Set when the server lacks this route: a call to it is refused before anything is sent, with
   * an `InvalidRequestError` carrying this advice (what to use instead).
   */
  readonly unavailable?: string;
}

/** Builds a {@link Route} from `'METHOD /path'`, with the extras of {@link Route} when given. */
export const route = (
  spec: string,
  replay: Route['replay'] = 'idempotent',
  extras: Pick<
    Route,
    'fixedFields' | 'jsonEncodedFields' | 'requiredFields' | 'unsupportedFields' | 'unavailable'
  > = {},
): Route => {
  const [method, path] = spec.split(' ') as [Route['method'], string];
  return { method, path, replay, ...extras };
};

/**
 * The route table of `profile: 'spec'` (the default): every method and path of SERVICE.md that
 * seatpay calls, by name. `deployedRoutes` beside it is the same table for `profile: 'deployed'`. Read it to
 * see the whole wire contract at once, or to build requests of your own (a proxy allow-list, a
 * mock) from the same data the client uses.
 *
 * @example
 * ```ts
 * import { routes } from 'seatpay';
 *
 * for (const [name, { method, path, replay }] of Object.entries(routes)) {
 *   console.log(name.padEnd(22), method.padEnd(6), path, replay);
 * }
 * ```
 * @category Client
 */
export const routes = {
  /** Used by `client.plans.get`. */
  getPlan: route('GET /v1/payments/plan/{plan_slug}'),
  /** Used by `client.checking.preview`. */
  checking: route('POST /v1/payments/checking', 'unprocessed-only', {
    fixedFields: { type: 'PREVIEW' },
  }),
  /** Used by `client.checking.bag`: the same endpoint, asked for a bag. */
  createBag: route('POST /v1/payments/checking', 'unprocessed-only', {
    fixedFields: { type: 'BAG' },
  }),
  /** Used by `client.card.register`. */
  registerCard: route('PUT /v1/payments/card'),
  /** Used by `client.pay.bag`. */
  pay: route('POST /v1/payments/pay', 'unprocessed-only'),
  /** Used by `client.subscriptions.list`, and each poll of `waitFor`. */
  listSubscriptions: route('GET /v1/payments/me/subscription'),
  /** Used by `client.consumables.list` and `client.consumables.items`. */
  listConsumables: route('GET /v1/provisioning/me/consumables'),
  /** Used by `client.journal.reconcile`: the caller's invoices, to find a checkout's charge. */
  listInvoices: route('GET /v1/payments/me/invoice'),

  /** Used by `client.billingTeam.get`. */
  getBillingTeam: route('GET /v2/payments/subscription/{subscription_id}/billing-team'),
  /** Used by `client.billingTeam.update`. */
  updateBillingTeam: route('PATCH /v2/payments/subscription/{subscription_id}/billing-team'),
  /** Used by `client.billingTeam.replace`: the whole configuration, every field. */
  replaceBillingTeam: route(
    'PUT /v2/payments/subscription/{subscription_id}/billing-team',
    'idempotent',
    {
      requiredFields: [
        'auto_recharge_enabled',
        'recharge_threshold_amount',
        'recharge_amount',
        'max_period_spend',
      ],
    },
  ),
  /** Used by `client.seats.list`. */
  listSeats: route('GET /v2/payments/subscription/{subscription_id}/billing-team/seat'),
  /** Used by `client.seats.add` (`add_seats`) and `client.seats.replace` (`replace_seats`). */
  putSeats: route('PUT /v2/payments/subscription/{subscription_id}/billing-team/seat'),
  /** Used by `client.seats.remove`. */
  deleteSeat: route(
    'DELETE /v2/payments/subscription/{subscription_id}/billing-team/seat/{seat_id}',
  ),
  /** Used by `client.consumables.checkout`: always for a subscription. */
  consumableCheckout: route('POST /v2/payments/consumable/checkout', 'unprocessed-only', {
    requiredFields: ['subscription'],
  }),
  /**
   * Used by `client.consumables.consume`: a member uses one unit of a service. SERVICE.md says
   * members consume but lists no route; this is the deployed server's (a body of `{}`). Never
   * re-sent once it may have been processed: each call takes a unit.
   */
  consume: route(
    'PUT /v1/payments/me/service/{service_slug}/consumptionsession',
    'unprocessed-only',
  ),

  /** Used by `client.media.operationTypes`. */
  listOperationTypes: route('GET /v2/media/operationtype'),
  /** Used by `client.media.operationType`. */
  getOperationType: route('GET /v2/media/operationtype/{operation_type}'),
  /** Used by `client.media.uploadChunk` without an academy. */
  uploadChunk: route('POST /v2/media/me/chunk'),
  /** Used by `client.media.finalize` without an academy; `meta` goes JSON-encoded. */
  finalizeUpload: route('POST /v2/media/me/chunk/upload', 'unprocessed-only', {
    jsonEncodedFields: ['meta'],
  }),
  /** Used by `client.media.uploadChunk` with an academy (`Academy` header). */
  uploadAcademyChunk: route('POST /v2/media/academy/chunk'),
  /** Used by `client.media.finalize` with an academy (`Academy` header). */
  finalizeAcademyUpload: route('POST /v2/media/academy/chunk/upload', 'unprocessed-only', {
    jsonEncodedFields: ['meta'],
  }),
} satisfies Record<string, Route>;

/**
 * The name of a route in {@link routes} (`'pay'`, `'getBillingTeam'` ...).
 *
 * @example
 * ```ts
 * import { routes, type RouteName } from 'seatpay';
 *
 * const moneyRoutes = (Object.keys(routes) as RouteName[]).filter(
 *   (name) => routes[name].replay === 'unprocessed-only',
 * ); // ['checking', 'createBag', 'pay', 'consumableCheckout', 'finalizeUpload', ...]
 * ```
 * @category Client
 */
export type RouteName = keyof typeof routes;

/**
 * A whole route table: one {@link Route} per {@link RouteName}. Each profile has one
 * (`profiles.spec.routes`, `profiles.deployed.routes`).
 *
 * @example
 * ```ts
 * import { profiles, type RouteTable } from 'seatpay';
 *
 * const table: RouteTable = profiles.deployed.routes;
 * console.log(table.checking.method); // 'PUT'
 * ```
 * @category Client
 */
export type RouteTable = Readonly<Record<RouteName, Route>>;

/**
 * Fills `{name}` placeholders, encoding each value so that no parameter can change the path. Two
 * values cannot be encoded at all: `.` and `..` (URL parsers resolve them, even percent-encoded,
 * so `plans.get('..')` would call another route) and strings with lone surrogates
 * (encodeURIComponent throws a URIError); both are rejected as bad arguments.
 */
export function expandPath(template: string, params: Record<string, string | number> = {}): string {
  const parts = partsOf(template);
  let path = parts[0]!;
  for (let at = 1; at < parts.length; at += 2)
    path += pathParam(parts[at]!, params) + parts[at + 1]!;
  return path;
}

/** A template split once into literal text and parameter names, alternating: a call only joins. */
const templateParts = new Map<string, string[]>();

function partsOf(template: string): string[] {
  let parts = templateParts.get(template);
  if (parts === undefined) {
    parts = template.split(/\{(\w+)\}/);
    templateParts.set(template, parts);
  }
  return parts;
}

function pathParam(name: string, params: Record<string, string | number>): string {
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
}
