// The modules the parts loaded on first use (purchase, keyed checkout, upload, polling, journal)
// share with the page, which loads them anyway: each part reaches this module through
// lazy-side.ts (`export { lazySide }`, a function nothing calls). A bundler splits a page by module,
// by which entries reach each one: every part reaching all of these, they make one chunk on the
// page, not one per combination of parts that use them, each a file gzipped on its own (17 files
// before the first answer with esbuild, 4 after: BENCHMARKS.md, "Issue 36"). One name per module
// is enough; a module belongs here only if the page loads it anyway, so that no part's chunk grows.
//
// This module is also an entry of the ESM build (tsup.config.ts): what the main entry exports and
// only the parts use (lazy-side.ts) then lands in dist/ chunks of its own, apart from the page's,
// and a page's bundler leaves it out of the first answer (a dist/ chunk is one module to it: all
// of its code comes with any of it).
//
// A function naming each module, not a module namespace (`export * as`): a namespace needs the
// bundler's `__export` helper, which esbuild puts in a dist/ chunk every entry imports, so that a
// page built with esbuild --splitting downloaded it as a file of its own (BENCHMARKS.md, size13).
//
// createCore (the request path, with ky and p-retry): a page loads it anyway (createClient's and
// one resource's). Apart from these, it made a page's own file of its own, which named about 120 of
// these modules' functions across the two files (vite: about 1 KB gzipped of names); here it sits in
// their file (page21: vite -790 B, esbuild --splitting -470 B before the first answer).
import { parseInput } from './core/prepare/validate-input.js';
import { startDeadline } from './core/retry/deadline.js';
import { sleep } from './core/retry/sleep.js';
import { untilAborted } from './core/retry/until-aborted.js';
import { tokenFor } from './core/prepare/token.js';
import { redactCause } from './core/secrets/foreign-cause.js';
import { purchasesOf } from './helpers/purchase/client-purchases.js';
import { rangeReaderOf } from './helpers/upload/byte-ranges.js';
import { storedKey } from './journals/key-text.js';
import { isIdInput } from './schemas/common.js';
import { CurrencySchema } from './schemas/invoices.js';
import { CardParamsSchema } from './schemas/card-and-pay.js';
import { CheckingParamsSchema } from './schemas/checking.js';
import { ConsumableSchema } from './schemas/consumables.js';
import { ServiceSchema } from './schemas/payments.js';
import { SubscriptionSchema } from './schemas/subscriptions.js';
import { OperationTypeListSchema } from './schemas/media.js';
import { platform } from '#platform';
import { AbortError } from './core/errors/abort-error.js';
import { APIError } from './core/errors/api-error.js';
import { ConnectionError } from './core/errors/connection-error.js';
import { InvalidRequestError } from './core/errors/validation-errors.js';
import { isLarge } from './large-text/large-value.js';
import { refusedOrderField } from './resources/misplaced-key.js';
import { unreadableArguments } from './unreadable-arguments.js';
import { isSignal } from './signal-like.js';
import { createCore } from './core/setup/create-core.js';

/** Every module of the page's side, reached through one function nothing calls (see above). */
export function pageSide(): readonly unknown[] {
  return [
    parseInput,
    startDeadline,
    sleep,
    untilAborted,
    tokenFor,
    redactCause,
    purchasesOf,
    rangeReaderOf,
    storedKey,
    isIdInput,
    CurrencySchema,
    CardParamsSchema,
    CheckingParamsSchema,
    ConsumableSchema,
    ServiceSchema,
    SubscriptionSchema,
    OperationTypeListSchema,
    platform,
    AbortError,
    APIError,
    ConnectionError,
    InvalidRequestError,
    isLarge,
    refusedOrderField,
    unreadableArguments,
    isSignal,
    createCore,
  ];
}
