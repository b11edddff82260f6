// The checks of `client.consumables` (zod schemas), imported with the family's resource.
export { NonEmptyStringSchema } from '../../schemas/common.js';
export {
  CheckoutParamsSchema,
  CheckoutResultSchema,
  ConsumableListSchema,
} from '../../schemas/consumables.js';
export { ConsumptionSessionSchema } from '../../schemas/consumption.js';
