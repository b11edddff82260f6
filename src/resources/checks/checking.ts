// The checks of `client.checking` (zod schemas), imported with the family's resource.
export { BagSchema, CheckingParamsSchema, CheckingSchema } from '../../schemas/checking.js';
