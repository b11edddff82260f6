// The checks of `client.pay`, loaded on its first call (core/lazy-module.ts).
export { PayParamsSchema, PaymentSchema } from '../../schemas/payments.js';
