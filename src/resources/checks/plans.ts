// The checks of `client.plans`, loaded on its first call (core/lazy-module.ts).
export { NonEmptyStringSchema } from '../../schemas/common.js';
export { PlanSchema } from '../../schemas/payments.js';
