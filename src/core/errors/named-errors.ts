import { APIError } from './api-error.js';

/** "Only the owner can manage team": a member tried to manage seats or team settings. */
export class OwnerOnlyError extends APIError {
  override name = 'OwnerOnlyError';
}
/** "Billing period limit reached": the team reached its spending cap for the period. */
export class BillingPeriodLimitError extends APIError {
  override name = 'BillingPeriodLimitError';
}
/** "No budget available for recharge": an auto-recharge would exceed the spending cap. */
export class RechargeBudgetError extends APIError {
  override name = 'RechargeBudgetError';
}
