// The modules the parts loaded on first use (purchase, keyed checkout, upload, polling, journal)
// share with the page, which loads them anyway: each part reaches this module through
// lazy-side.ts (`export * as lazySide`, which nothing reads). A bundler splits a page by module,
// by which entries reach each one: every part reaching all of these, they make one chunk on the
// page, not one per combination of parts that use them, each a file gzipped on its own (17 files
// before the first answer with esbuild, 4 after: BENCHMARKS.md, "Issue 36"). One name per module
// is enough; a module belongs here only if the page loads it anyway, so that no part's chunk grows.
//
// This module is also an entry of the ESM build (tsup.config.ts): what the main entry exports and
// only the parts use (lazy-side.ts) then lands in dist/ chunks of its own, apart from the page's,
// and a page's bundler leaves it out of the first answer (a dist/ chunk is one module to it: all
// of its code comes with any of it).
export { parseInput } from './core/prepare/validate-input.js';
export { startDeadline } from './core/retry/deadline.js';
export { sleep } from './core/retry/sleep.js';
export { untilAborted } from './core/retry/until-aborted.js';
export { tokenFor } from './core/prepare/token.js';
export { redactCause } from './core/secrets/foreign-cause.js';
export { purchasesOf } from './helpers/purchase/client-purchases.js';
export { rangeReaderOf } from './helpers/upload/byte-ranges.js';
export { storedKey } from './journals/key-text.js';
export { isIdInput } from './schemas/common.js';
export { CurrencySchema } from './schemas/invoices.js';
export { CardParamsSchema } from './schemas/card-and-pay.js';
export { CheckingParamsSchema } from './schemas/checking.js';
export { ConsumableSchema } from './schemas/consumables.js';
export { ServiceSchema } from './schemas/payments.js';
export { SubscriptionSchema } from './schemas/subscriptions.js';
export { OperationTypeListSchema } from './schemas/media.js';
export { platform } from '#platform';
export { AbortError } from './core/errors/abort-error.js';
export { APIError } from './core/errors/api-error.js';
export { ConnectionError } from './core/errors/connection-error.js';
export { InvalidRequestError } from './core/errors/validation-errors.js';
export { isLarge } from './large-text/large-value.js';
