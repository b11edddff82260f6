// The schemas users validate with, and the types inferred from them. The building blocks in
// common.ts (openEnum, optionalNullable, the id and string checks) are internal.
export { DecimalSchema, DecimalInputSchema } from './common.js';
export { isDecimalString, parseDecimal } from './decimal.js';
export type { DecimalString } from './exact-input.js';
export * from './invoices.js';
export * from './payments.js';
export * from './checking.js';
export * from './subscriptions.js';
export * from './billing-team.js';
export * from './seats.js';
export * from './consumables.js';
export * from './consumption.js';
export * from './media.js';
