// The checks of the listings `client.journal.reconcile` reads, loaded on its first use.
export { InvoiceListSchema } from '../schemas/invoices.js';
export { SubscriptionListSchema } from '../schemas/subscriptions.js';
