import { route, type RouteTable } from './routes.js';

/**
 * The route table of `profile: 'deployed'`: the server that is really deployed, as
 * reference/live-api.md records it. Same names as {@link routes}, so the two read side by side;
 * each line that differs says how.
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
 */
export const deployedRoutes = {
  /** As in `routes`. */
  getPlan: route('GET /v1/payments/plan/{plan_slug}'),
  /** PUT, not POST (POST answers 405). */
  checking: route('PUT /v1/payments/checking', 'unprocessed-only', {
    fixedFields: { type: 'PREVIEW' },
  }),
  /** Sent as a PREVIEW: that server's BAG type only re-prices a bag it already has (or fails). */
  createBag: route('PUT /v1/payments/checking', 'unprocessed-only', {
    fixedFields: { type: 'PREVIEW' },
  }),
  /** POST, not PUT (PUT answers 405). */
  registerCard: route('POST /v1/payments/card'),
  /** As in `routes`; that server requires `payment_method_id` in the body. */
  pay: route('POST /v1/payments/pay', 'unprocessed-only'),
  /** As in `routes`. */
  listSubscriptions: route('GET /v1/payments/me/subscription'),
  /** `/v1/provisioning/me/consumables` does not exist there (an HTML 404). */
  listConsumables: route('GET /v1/payments/me/service/consumable'),

  /** As in `routes`. */
  getBillingTeam: route('GET /v2/payments/subscription/{subscription_id}/billing-team'),
  /** No PATCH there (405): refused before sending. */
  updateBillingTeam: route(
    'PATCH /v2/payments/subscription/{subscription_id}/billing-team',
    'idempotent',
    {
      unavailable:
        'billingTeam.update is not available with profile "deployed" (that server has no PATCH ' +
        'on the billing team): use billingTeam.replace instead',
    },
  ),
  /** As in `routes`. */
  replaceBillingTeam: route('PUT /v2/payments/subscription/{subscription_id}/billing-team'),
  /** As in `routes`. */
  listSeats: route('GET /v2/payments/subscription/{subscription_id}/billing-team/seat'),
  /** Answers 207 `{ data, errors }`. */
  putSeats: route('PUT /v2/payments/subscription/{subscription_id}/billing-team/seat'),
  /** As in `routes`. */
  deleteSeat: route(
    'DELETE /v2/payments/subscription/{subscription_id}/billing-team/seat/{seat_id}',
  ),
  /** As in `routes`; that server requires `academy` in the body. */
  consumableCheckout: route('POST /v2/payments/consumable/checkout', 'unprocessed-only'),

  /** As in `routes`. */
  listOperationTypes: route('GET /v2/media/operationtype'),
  /** As in `routes`. */
  getOperationType: route('GET /v2/media/operationtype/{operation_type}'),
  /** PUT for all four chunk endpoints (POST answers 405). */
  uploadChunk: route('PUT /v2/media/me/chunk'),
  /** `meta` goes as a JSON object (a string answers 400 `meta-must-be-dictionary`). */
  finalizeUpload: route('PUT /v2/media/me/chunk/upload', 'unprocessed-only'),
  /** PUT, as the other chunk endpoints. */
  uploadAcademyChunk: route('PUT /v2/media/academy/chunk'),
  /** PUT, with `meta` as a JSON object. */
  finalizeAcademyUpload: route('PUT /v2/media/academy/chunk/upload', 'unprocessed-only'),
} satisfies RouteTable;
