// The checks of `client.subscriptions` (zod schemas), imported with the family's resource.
export { SubscriptionListSchema } from '../../schemas/subscriptions.js';
