import { route, routes, type RouteName, type RouteTable, type Route } from './routes.js';

/**
 * What the deployed server does differently from SERVICE.md (reference/live-api.md): only the
 * routes that differ, each saying how. Every other route is the spec table's own entry.
 */
const deployedOverrides = {
  /** PUT, not POST (POST answers 405). */
  checking: route('PUT /v1/payments/checking', 'unprocessed-only', {
    fixedFields: { type: 'PREVIEW' },
  }),
  /** Sent as a PREVIEW: that server's BAG type only re-prices a bag it already has (or fails). */
  createBag: route('PUT /v1/payments/checking', 'unprocessed-only', {
    fixedFields: { type: 'PREVIEW' },
  }),
  /** POST, not PUT (PUT answers 405); without `academy` 400, without the expiry 404 (unsent). */
  registerCard: route('POST /v1/payments/card', 'idempotent', {
    requiredFields: ['academy', 'exp_month', 'exp_year'],
  }),
  /** `/v1/provisioning/me/consumables` does not exist there (an HTML 404). */
  listConsumables: route('GET /v1/payments/me/service/consumable'),
  /** No PATCH there (405): refused before sending. */
  updateBillingTeam: {
    ...routes.updateBillingTeam,
    unavailable:
      'billingTeam.update is not available with profile "deployed" (that server has no PATCH ' +
      'on the billing team): use billingTeam.replace instead',
  },
  /**
   * Partial: `{}` answers the team unchanged. Any auto-recharge field makes that server fail (an
   * HTML 500, the team unchanged, every time): refused before sending rather than sent three times.
   */
  replaceBillingTeam: route(
    'PUT /v2/payments/subscription/{subscription_id}/billing-team',
    'idempotent',
    {
      unsupportedFields: {
        fields: [
          'auto_recharge_enabled',
          'recharge_threshold_amount',
          'recharge_amount',
          'max_period_spend',
        ],
        advice:
          'the deployed server cannot change auto-recharge settings: it fails every billing-team PUT ' +
          'holding one (an HTML 500, the team left unchanged), so nothing was sent. Change them where ' +
          'that server is administered, or with a server that follows SERVICE.md (profile "spec")',
      },
    },
  ),
  /** That server ignores `seat_multiplier` (every seat gets the plan's units): refused unsent. */
  putSeats: route(
    'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat',
    'idempotent',
    {
      unsupportedFields: {
        fields: ['add_seats[].seat_multiplier'],
        advice:
          "the deployed server ignores seat_multiplier (every seat gets the plan's units, as with " +
          '1), so nothing was sent: leave it out',
      },
    },
  ),
  /** Service id or slug; `subscription` only for seats (that server checks it); `academy` always. */
  consumableCheckout: { ...routes.consumableCheckout, requiredFields: ['academy'] },
  /** PUT for all four chunk endpoints (POST answers 405). */
  uploadChunk: route('PUT /v2/media/me/chunk'),
  /** `meta` goes as a JSON object (a string answers 400 `meta-must-be-dictionary`). */
  finalizeUpload: route('PUT /v2/media/me/chunk/upload', 'unprocessed-only'),
  /** PUT, as the other chunk endpoints. */
  uploadAcademyChunk: route('PUT /v2/media/academy/chunk'),
  /** PUT, with `meta` as a JSON object. */
  finalizeAcademyUpload: route('PUT /v2/media/academy/chunk/upload', 'unprocessed-only'),
} satisfies Partial<Record<RouteName, Route>>;

/**
 * The route table of `profile: 'deployed'`: the spec table ({@link routes}) with the deployed
 * server's overrides applied, so the two never drift apart. Same names, so the two read side by
 * side. (That server also requires `payment_method_id` in the pay body and `academy` in the
 * consumable checkout body, answers a seat change with a 207 `{ data, errors }`, and sends
 * amounts as JSON numbers, read as decimal strings.)
 *
 * @example
 * ```ts
 * import { deployedRoutes, routes } from 'seatpay';
 *
 * for (const name of Object.keys(routes) as (keyof typeof routes)[]) {
 *   const [spec, deployed] = [routes[name], deployedRoutes[name]];
 *   if (spec.method !== deployed.method || spec.path !== deployed.path)
 *     console.log(name, `${spec.method} ${spec.path}`, '->', `${deployed.method} ${deployed.path}`);
 * }
 * ```
 * @category Client
 */
export const deployedRoutes: RouteTable = { ...routes, ...deployedOverrides };
