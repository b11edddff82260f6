// The checks of `client.consumables`, loaded on its first call (core/lazy-module.ts).
export { NonEmptyStringSchema } from '../../schemas/common.js';
export {
  CheckoutParamsSchema,
  CheckoutResultSchema,
  ConsumableListSchema,
} from '../../schemas/consumables.js';
export { ConsumptionSessionSchema } from '../../schemas/consumption.js';
