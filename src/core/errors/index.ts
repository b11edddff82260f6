export { SeatpayError } from './seatpay-error.js';
export { APIError, type APIErrorDetails } from './api-error.js';
export {
  BadRequestError,
  AuthenticationError,
  PaymentRequiredError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  InternalServerError,
} from './status-errors.js';
export { OwnerOnlyError, BillingPeriodLimitError, RechargeBudgetError } from './named-errors.js';
export { ConnectionError, TimeoutError } from './connection-error.js';
export { RedirectError } from './redirect-error.js';
export { AbortError } from './abort-error.js';
export {
  InvalidRequestError,
  MaxChunksExceededError,
  ResponseValidationError,
  type ValidationIssue,
} from './validation-errors.js';
export { SeatsRefusedError, type SeatRefusal } from './seats-refused-error.js';
export { ResponseTooLargeError } from './response-too-large-error.js';
