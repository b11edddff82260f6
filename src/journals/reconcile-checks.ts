// `client.journal.reconcile` and the checks of the listings it reads, loaded on its first use.
export { reconcile } from './reconcile.js';
export { InvoiceListSchema } from '../schemas/invoices.js';
export { SubscriptionListSchema } from '../schemas/subscriptions.js';

// For bundlers only: this part reaches every module the parts share (lazy-side.ts).
export { lazySide } from '../lazy-side.js';
