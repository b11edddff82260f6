// The checks of `client.pay` (zod schemas), imported with the family's resource.
export { PayParamsSchema, PaymentSchema } from '../../schemas/payments.js';
