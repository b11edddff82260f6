import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import { serializeInvoice } from '../state/serialize-payments.js';

/**
 * The caller's invoices, newest first (the deployed server's `GET /v1/payments/me/invoice`), each
 * naming the subscription it was charged for, or null: what a reconcile reads to find the charge
 * of a checkout whose answer was lost.
 */
export function listInvoices({ state, user }: RouteContext): Response {
  const invoices = state.invoices
    .filter((invoice) => invoice.userId === user.id)
    .map((invoice) => ({
      ...serializeInvoice(state, invoice),
      subscription: invoice.subscriptionId,
    }))
    .reverse();
  return json(invoices);
}
