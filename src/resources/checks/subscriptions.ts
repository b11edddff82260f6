// The checks of `client.subscriptions`, loaded on its first call (core/lazy-module.ts).
export { SubscriptionListSchema } from '../../schemas/subscriptions.js';
