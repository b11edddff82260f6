// The checks of `client.card`, loaded on its first call (core/lazy-module.ts).
export { CardParamsSchema, CardResultSchema } from '../../schemas/payments.js';
