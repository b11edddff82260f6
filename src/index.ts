/**
 * `seatpay`: the typed client of the subscription seats, payments and media upload service. It runs
 * in Node (22 and later) and in browsers, with no Node built-in in this entry.
 *
 * @example
 * ```ts
 * import { createClient } from 'seatpay';
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', token: process.env.SEATPAY_TOKEN! });
 * const plan = await client.plans.get('team-per-seat');
 * ```
 * @module seatpay
 */
// The public face of seatpay: re-exports only.
export { createClient, SeatpayClient } from './client.js';
// The request path and the resources one by one, for bundles that need only some of them.
export { createCore } from './core/setup/create-core.js';
export type { HttpCore } from './core/request.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
export type { ClientHooks } from './core/send/hooks.js';
export { PlansResource } from './resources/plans.js';
export { CheckingResource } from './resources/checking.js';
export { CardResource } from './resources/card.js';
export { PayResource } from './resources/pay.js';
export { SubscriptionsResource } from './resources/subscriptions.js';
export { BillingTeamResource } from './resources/billing-team.js';
export { SeatsResource } from './resources/seats.js';
export { ConsumablesResource } from './resources/consumables.js';
export { MediaResource } from './resources/media.js';
export type {
  ClientOptions,
  RequestOptions,
  Logger,
  LogLevel,
  TokenSource,
  ValidationMode,
} from './core/setup/options.js';
export type {
  TelemetryAttributes,
  TelemetryHistogram,
  TelemetryMeter,
  TelemetrySpan,
  TelemetryTracer,
  TelemetryValue,
} from './core/observe/telemetry-types.js';
export * from './core/errors/index.js';
// The errors of the helpers and journals live in their rooms; exported here beside core's.
export {
  SubscriptionTimeoutError,
  UploadDigestMismatchError,
  UploadError,
  UploadMayExistError,
  UploadSourceError,
  UploadTakenOverError,
} from './helpers/helper-errors.js';
export {
  JournalError,
  KeyInProgressError,
  KeyOwnerError,
  KeyReuseError,
  SettledKeyError,
  SettleRefusedError,
  UnsettledKeyError,
} from './journals/journal-errors.js';
export {
  PurchaseError,
  type PurchaseCharged,
  type PurchaseFailedStep,
} from './helpers/purchase/purchase-error.js';
export * from './schemas/index.js';
export { spendingOf, type Spending } from './helpers/spending-of.js';
export type { WaitForOptions, PollReport } from './helpers/wait-for-subscription.js';
export type { PurchaseOptions, PurchaseResult } from './helpers/purchase.js';
export type {
  PurchaseStep,
  PurchaseStepName,
  PurchaseStepResults,
} from './helpers/purchase-step.js';
export { memoryJournal } from './journals/memory-journal.js';
export {
  type PurchaseJournal,
  type PurchaseRecord,
  type CheckoutRecord,
  type JournalRecord,
  type JournalOptions,
} from './journals/journal.js';
export type { JournalListEntry } from './journals/journal.js';
export type { HeldClaim } from './journals/held-claim.js';
export type { JournalListOptions } from './journals/list-options.js';
export type { Settlement } from './journals/settlement.js';
export type { JournalEntry, ReconcileResult } from './journals/journal-entry.js';
export {
  ClientJournal,
  type JournalListQuery,
  type ReconcileOptions,
  type SettleOptions,
  type PruneOptions,
} from './journals/client-journal.js';
export type { CheckoutKeyOptions } from './resources/consumables.js';
export { localStorageJournal } from './journals/local-storage-journal.js';
export type { UploadSource, StreamSource } from './helpers/upload/sources.js';
export type { UploadOptions, ResumeOptions } from './helpers/upload/upload-options.js';
export {
  localStorageUploadStore,
  type UploadStore,
  type UploadRecord,
} from './helpers/upload/resume-store.js';
export type { UploadProgress } from './helpers/upload/progress.js';
export type { PendingUpload } from './helpers/upload/pending-uploads.js';
export type { DeliveredChunk } from './helpers/upload/deliver-chunk.js';
export { routes, type Route, type RouteName, type RouteTable } from './core/routes/routes.js';
export { deployedRoutes } from './core/routes/deployed-routes.js';
export { profiles, type Profile, type ProfileName } from './core/routes/profiles.js';
export { VERSION } from './version.js';
