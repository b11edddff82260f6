// The checks of `client.card` (zod schemas), imported with the family's resource.
export { CardParamsSchema, CardResultSchema } from '../../schemas/payments.js';
