// The checks of `client.plans` (zod schemas), imported with the family's resource.
export { NonEmptyStringSchema } from '../../schemas/common.js';
export { PlanSchema } from '../../schemas/payments.js';
