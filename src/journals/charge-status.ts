/**
 * Which invoices prove that money moved (live-api.md §1.4): `FULFILLED` (charged), and the states
 * a charge goes on to (`PARTIALLY_REFUNDED`, `REFUNDED`, `DISPUTED_AS_FRAUD`: charged first, so a
 * re-run would charge the order again). `REJECTED` is a declined charge, `PENDING` one not made
 * yet; an invoice without a status, or with one seatpay does not know, proves nothing either.
 * Reconcile concludes "charged" only from a charge.
 */
const CHARGED = new Set(['FULFILLED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'DISPUTED_AS_FRAUD']);

/** Whether `invoice` is a charge (see above). */
export function isCharge(invoice: { status?: unknown }): boolean {
  return typeof invoice.status === 'string' && CHARGED.has(invoice.status);
}

/** Whether `invoice` is a declined charge: no money moved for it, and it is nobody's charge. */
export function isDeclined(invoice: { status?: unknown }): boolean {
  return invoice.status === 'REJECTED';
}

/** The invoice's status, for an operator's message. */
export function statusOf(invoice: { status?: unknown }): string {
  return typeof invoice.status === 'string' ? invoice.status : 'no status';
}
