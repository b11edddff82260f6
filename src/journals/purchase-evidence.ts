import type { RequestOptions } from '../core/setup/options.js';
import type { PurchaseRecord } from './journal.js';
import { subscriptionsOf } from '../helpers/wait-for-subscription.js';
import type { SubscriptionList } from '../schemas/subscriptions.js';
import type { Evidence } from './evidence.js';
import { isCharge } from './charge-status.js';

/** What a purchase's reconcile reads: the caller's subscriptions. */
export interface PurchaseEvidenceCalls {
  listSubscriptions(options?: RequestOptions): Promise<SubscriptionList>;
}

interface InvoiceLike {
  id?: unknown;
  status?: unknown;
  bag?: { id?: unknown } | null;
}

/**
 * A purchase was charged when a subscription made after it (not one it excluded) lists a charge
 * ({@link isCharge}: not a declined or pending invoice) of its payment or of its bag. Nothing else counts: a subscription of the same plan without such
 * an invoice may be another purchase's. No such subscription does not prove the payment failed (a
 * subscription is created after the payment, asynchronously), so the service cannot say "no".
 */
export async function purchaseEvidence(
  calls: PurchaseEvidenceCalls,
  record: PurchaseRecord,
  signal: AbortSignal | undefined,
): Promise<Evidence> {
  const listing = await calls.listSubscriptions(signal ? { signal } : {});
  const bagId = record.bag?.id;
  const paymentId = record.payment?.id;
  const excluded = new Set(record.exclude ?? []);
  const subscription = subscriptionsOf(listing).find(
    (candidate) =>
      !excluded.has(candidate.id) &&
      invoicesOf(candidate).some(
        (invoice) =>
          isCharge(invoice) &&
          ((paymentId !== undefined && invoice.id === paymentId) ||
            (bagId !== undefined && invoice.bag?.id === bagId)),
      ),
  );
  if (!subscription) {
    return {
      charged: 'unknown',
      evidence: `no subscription lists a charge of bag ${String(bagId)}${paymentId === undefined ? '' : ` or payment ${String(paymentId)}`} (it may come later, or the payment never went through)`,
    };
  }
  return {
    charged: 'yes',
    evidence: `subscription ${subscription.id} lists a charge of bag ${String(bagId)}`,
    change: { stage: 'subscribed', subscription },
  };
}

function invoicesOf(subscription: object): InvoiceLike[] {
  const invoices: unknown = (subscription as { invoices?: unknown }).invoices;
  return Array.isArray(invoices)
    ? invoices.filter(
        (invoice): invoice is InvoiceLike => typeof invoice === 'object' && invoice !== null,
      )
    : [];
}
