import type { Payment, Plan } from '../../schemas/payments.js';
import type { Bag } from '../../schemas/checking.js';
import type { Subscription } from '../../schemas/subscriptions.js';

/** What tells this purchase's subscription from any other. */
export interface PurchaseIdentity {
  plan: Plan | undefined;
  bag: Bag | undefined;
  payment: Payment | undefined;
}

interface InvoiceLike {
  id?: unknown;
  bag?: { id?: unknown } | null;
}

/**
 * Whether `subscription` is the one this purchase bought. When the service lists the
 * subscription's invoices (the deployed server does), only an invoice of this payment or of this
 * bag makes it ours: another purchase of the same plan at the same time (another device, another
 * script) is never taken for it, and a purchase whose pay never arrived matches nothing. Without
 * invoices, the plan is all there is to match on.
 */
export function isThisPurchase(subscription: Subscription, identity: PurchaseIdentity): boolean {
  const invoices = identifiableInvoices(subscription);
  if (invoices.length > 0) {
    const { bag, payment } = identity;
    return invoices.some(
      (invoice) =>
        (payment?.id !== undefined && invoice.id === payment.id) ||
        (bag?.id !== undefined && invoice.bag?.id === bag.id),
    );
  }
  return hasPlan(subscription, identity.plan);
}

function identifiableInvoices(subscription: Subscription): InvoiceLike[] {
  const invoices: unknown = (subscription as { invoices?: unknown }).invoices;
  if (!Array.isArray(invoices)) return [];
  return invoices.filter(
    (invoice): invoice is InvoiceLike =>
      typeof invoice === 'object' &&
      invoice !== null &&
      (typeof (invoice as InvoiceLike).id === 'number' ||
        typeof (invoice as InvoiceLike).bag?.id === 'number'),
  );
}

/** Optional chaining throughout: under `validate: 'off'` the plan is whatever the service sent. */
function hasPlan(subscription: Subscription, plan: Plan | undefined): boolean {
  if (!Array.isArray(subscription.plans)) return true;
  return subscription.plans.some(
    (p) => p?.slug === plan?.slug || (plan?.id !== undefined && p?.id === plan?.id),
  );
}
