// The checks of `client.checking`, loaded on its first call (core/lazy-module.ts).
export { BagSchema, CheckingParamsSchema, CheckingSchema } from '../../schemas/checking.js';
