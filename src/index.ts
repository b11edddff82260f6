// The public face of seatpay: re-exports only.
export { createClient, SeatpayClient } from './client.js';
export type {
  ClientOptions,
  RequestOptions,
  Logger,
  LogLevel,
  TokenSource,
  ValidationMode,
} from './core/options.js';
export * from './core/errors/index.js';
export * from './schemas/index.js';
export { spendingOf, type Spending } from './helpers/spending-of.js';
export type { WaitForOptions, PollReport } from './helpers/wait-for-subscription.js';
export type {
  PurchaseOptions,
  PurchaseResult,
  PurchaseStep,
  PurchaseStepName,
} from './helpers/purchase.js';
export { routes, type Route, type RouteName } from './core/routes.js';
export { VERSION } from './version.js';
