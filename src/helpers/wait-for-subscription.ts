import { APIError } from '../core/errors/api-error.js';
import { AbortError } from '../core/errors/abort-error.js';
import { ConnectionError, TimeoutError } from '../core/errors/connection-error.js';
import { SubscriptionTimeoutError } from './helper-errors.js';
import { InvalidRequestError, ResponseValidationError } from '../core/errors/validation-errors.js';
import type { RequestOptions } from '../core/setup/options.js';
import { sleep } from '../core/retry/sleep.js';
import { checkNumberOption, MAX_TIMER_MS } from '../core/prepare/validate-input.js';
import type { Subscription, SubscriptionList } from '../schemas/subscriptions.js';
import { awaitsBillingTeam } from './usable-subscription.js';
import { readArrayOnce } from '../schemas/input-checks.js';
import { deadlineMessage } from '../timeout-reason.js';
import { checkSignal } from '../signal-like.js';
import { noTimeToPoll } from './no-time-to-poll.js';
import { checkNoSecondArgument, checkWaitForOptionNames } from './wait-for-option-names.js';

/**
 * The one clock of the wait: every deadline and elapsed time below reads it. Monotonic, so a wall
 * clock stepped back an hour or forward a day neither stretches the wait nor ends it.
 */
const now = (): number => Math.round(performance.now());

/**
 * The most ids `exclude` may hold: far more subscriptions than an account lists, and few enough
 * that reading them all costs milliseconds.
 */
const MAX_EXCLUDED = 1_000_000;

/** What an `exclude` of more ids than {@link MAX_EXCLUDED} is told. */
const TOO_MANY_IDS = `must hold at most ${MAX_EXCLUDED} subscription ids`;

/**
 * The ids of `exclude`, read once into a copy: an array by index up to its length (see
 * {@link readArrayOnce}), any other iterable by {@link iteratedOnce}.
 */
export function excludedIds(exclude: Iterable<number>): number[] {
  const ids = Array.isArray(exclude)
    ? readArrayOnce(exclude, MAX_EXCLUDED, (length) => `${TOO_MANY_IDS} (it has length ${length})`)
    : iteratedOnce(exclude);
  const refusal = typeof ids === 'string' ? ids : notAnId(ids);
  if (refusal !== undefined) {
    throw new InvalidRequestError(`Invalid exclude: ${refusal}`, { field: 'exclude' });
  }
  return ids as number[];
}

/**
 * Why an id of `ids` is none, if one is not an integer. Subscription ids are numbers, and `exclude`
 * is compared with them as they are: an id read as text (node-postgres gives a bigint column so)
 * or as a BigInt excluded nothing, and a subscription that existed before paying was taken for
 * the new one.
 */
function notAnId(ids: readonly unknown[]): string | undefined {
  const at = ids.findIndex((id) => !Number.isInteger(id));
  if (at < 0) return undefined;
  const kind = typeof ids[at] === 'number' ? `the number ${String(ids[at])}` : typeof ids[at];
  return `item ${at} is ${kind}, not a subscription id (an integer): convert ids read as text or bigint with Number()`;
}

/**
 * The ids of an iterable that is no array (a Set, a generator), or the words of its refusal: at
 * most `MAX_EXCLUDED + 1` steps, so an endless generator is refused, never iterated for good.
 */
function iteratedOnce(exclude: Iterable<number>): number[] | string {
  const ids: number[] = [];
  try {
    for (const id of exclude)
      if (ids.push(id) > MAX_EXCLUDED) return `${TOO_MANY_IDS} (it yields more)`;
  } catch {
    return 'must be an iterable whose items can be read';
  }
  return ids;
}

/** A poll started near the deadline may finish up to this long after it. */
const MIN_POLL_TIMEOUT = 1_000;

/**
 * The options of `subscriptions.waitFor`. `exclude` is required: the ids listed before paying
 * (`[]` when there were none), so a subscription that existed before the payment can never be
 * taken for the new one. A snapshot taken by `waitFor` itself could miss a subscription created
 * between paying and the first poll, and wait for nothing.
 *
 * @example
 * ```ts
 * const before = (await client.subscriptions.list()).subscriptions.map((s) => s.id);
 * // ... pay ...
 * const sub = await client.subscriptions.waitFor({
 *   exclude: before,
 *   match: (s) => s.plans?.some((p) => p.slug === 'team-per-seat') ?? true,
 *   timeout: 180_000,
 *   onPoll: ({ attempt, elapsedMs }) => console.log(`poll ${attempt} after ${elapsedMs} ms`),
 * });
 * ```
 * @category Helpers
 */
export interface WaitForOptions {
  /** Ids of subscriptions that existed before paying (required; `[]` for none): never the new one. */
  exclude: Iterable<number>;
  /** Extra condition on the new subscription (e.g. its plan). */
  match?: (subscription: Subscription) => boolean;
  /** Give up after this many ms (a poll already started may take up to 1 s more). @defaultValue 120000 */
  timeout?: number;
  /** The first wait between polls, in ms; it grows by half each poll. @defaultValue 2000 */
  interval?: number;
  /** The longest wait between polls, in ms. @defaultValue 10000 */
  maxInterval?: number;
  /** Stops waiting at once, the poll in flight included; rejects with `AbortError` (`TimeoutError` for an `AbortSignal.timeout(...)`). */
  signal?: AbortSignal;
  /** Called after every poll, with its listing or its (transient) error. */
  onPoll?: (poll: PollReport) => void;
}

/**
 * What `onPoll` learns after each poll of `subscriptions.waitFor`: the listing it read, or the
 * transient error it met (the wait goes on after one).
 *
 * @example
 * ```ts
 * await client.subscriptions.waitFor({
 *   exclude: before,
 *   onPoll: (poll: PollReport) =>
 *     console.log(poll.attempt, poll.error ?? `${poll.listing?.subscriptions.length} listed`),
 * });
 * ```
 * @category Helpers
 */
export interface PollReport {
  /** The poll's number, from 1. */
  attempt: number;
  /** Milliseconds since the wait started. */
  elapsedMs: number;
  /** The listing this poll read; absent when it failed. */
  listing?: SubscriptionList;
  /** The transient error this poll failed with (a connection error, 408, 429, 5xx ...). */
  error?: unknown;
}

interface SubscriptionLister {
  list(options?: RequestOptions): Promise<SubscriptionList>;
}

/**
 * Lists subscriptions until a new one appears and is usable (paid subscriptions are created
 * asynchronously, 10 to 30 s after payment, and a team plan's billing team a moment later still).
 * A poll that fails transiently does not end the wait; the polls are not retried (polling is one).
 */
export async function waitForSubscription(
  lister: SubscriptionLister,
  options: WaitForOptions,
  totalTimeout?: number,
  ...after: unknown[]
): Promise<Subscription> {
  after.forEach(checkNoSecondArgument); // a third as the second: `waitFor(options, {}, signal)`
  // Read once, here: what was checked is what is excluded (a getter or a Proxy could answer a
  // second read otherwise).
  const exclude = checkWaitForOptions(options);
  if (exclude === undefined) {
    throw new InvalidRequestError(
      'waitFor needs `exclude`: the subscription ids listed before paying (`[]` for none), so a subscription that existed before cannot be taken for the new one',
      { field: 'exclude' },
    );
  }
  // Every poll would fail unsent, as a transient error: the wait sent nothing for its whole timeout.
  if (totalTimeout === 0) throw noTimeToPoll();
  const { timeout = 120_000, interval = 2_000, maxInterval = 10_000, signal } = options ?? {};
  const excluded = new Set(exclude);
  const started = now();
  let lastListing: SubscriptionList | undefined;
  let lastError: unknown;
  for (let attempt = 1; ; attempt++) {
    const remaining = timeout - (now() - started);
    try {
      lastListing = await lister
        .list({
          maxRetries: 0,
          // The last poll starts at the deadline; give it time to answer rather than a doomed 1 ms.
          timeout: Math.min(Math.max(remaining, MIN_POLL_TIMEOUT), 30_000),
          ...(signal ? { signal } : {}),
        })
        // The poll's own failure under a fired signal is the signal's; the caller's `onPoll` or
        // `match` throwing (after aborting it, maybe) is theirs, thrown as it is.
        .catch((error: unknown) => {
          throw signal?.aborted ? endedBy(signal, error) : error;
        });
      options?.onPoll?.({ attempt, elapsedMs: now() - started, listing: lastListing });
      // A team subscription counts once it is usable: its billing team built (see awaitsBillingTeam).
      const found = subscriptionsOf(lastListing).find(
        (s) => !excluded.has(s.id) && !awaitsBillingTeam(s) && (options?.match?.(s) ?? true),
      );
      if (found) return found;
    } catch (error) {
      if (signal?.aborted || !isTransient(error)) throw error;
      lastError = error;
      options?.onPoll?.({ attempt, elapsedMs: now() - started, error });
    }
    const left = timeout - (now() - started);
    if (left <= 0)
      throw new SubscriptionTimeoutError(
        timeout,
        lastListing,
        lastError === undefined ? undefined : { cause: lastError },
      );
    await sleep(Math.min(nextDelay(attempt, interval, maxInterval), left), signal).catch(
      (error: unknown) => {
        throw signal?.aborted ? endedBy(signal, error) : error;
      },
    );
  }
}

/**
 * The wait ended by the caller's signal: its `AbortSignal.timeout(...)` is a `TimeoutError`, as a
 * plain call and a wait whose signal had already fired report it; any other abort an `AbortError`.
 */
function endedBy(signal: AbortSignal, error: unknown): unknown {
  if (deadlineMessage(signal.reason) === undefined)
    return error instanceof AbortError
      ? error
      : new AbortError(undefined, { cause: signal.reason });
  if (error instanceof TimeoutError) return error; // a poll's own, under that signal
  const message =
    "No new subscription appeared before the caller's signal timed out (wait again with more time)";
  return new TimeoutError(message, {
    mayHaveBeenProcessed: false,
    method: '',
    url: '',
    cause: signal.reason,
  });
}

/**
 * Checks the options before the first poll. A wrong one used to surface as a TypeError (a `match`
 * or `onPoll` that is no function, an `exclude` that is not iterable, a signal that is no
 * AbortSignal) or, for a NaN timeout, as a wait that polled every millisecond forever. Returns the
 * ids of `exclude` as checked (a copy, read once), for the caller to use instead of reading it again.
 */
export function checkWaitForOptions(
  options: Partial<WaitForOptions> | null | undefined,
): number[] | undefined {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object') {
    throw new InvalidRequestError('Invalid options: must be an object', { field: 'options' });
  }
  checkWaitForOptionNames(options);
  const { exclude, match, timeout, signal, onPoll } = options;
  if (
    exclude !== undefined &&
    (typeof exclude !== 'object' || exclude === null || !(Symbol.iterator in exclude))
  ) {
    throw new InvalidRequestError('Invalid exclude: must be an array of subscription ids', {
      field: 'exclude',
    });
  }
  const ids = exclude === undefined ? undefined : excludedIds(exclude);
  for (const [name, value] of [
    ['match', match],
    ['onPoll', onPoll],
  ] as const) {
    if (value !== undefined && typeof value !== 'function') {
      throw new InvalidRequestError(`Invalid ${name}: must be a function`, { field: name });
    }
  }
  // `timeout: Infinity` waits for as long as it takes; the polling intervals feed timers.
  if (timeout !== Infinity) checkNumberOption('timeout', timeout);
  checkNumberOption('interval', options.interval, MAX_TIMER_MS);
  checkNumberOption('maxInterval', options.maxInterval, MAX_TIMER_MS);
  checkSignal(signal); // another realm's or a polyfill's too, as every call's (signals19)
  return ids;
}

/**
 * The subscriptions of a listing. With `validate: 'off'` the listing is whatever the service
 * sent: anything but an array of objects counts as no subscription yet, never a TypeError.
 */
export function subscriptionsOf(listing: SubscriptionList): Subscription[] {
  const list: unknown = (listing as { subscriptions?: unknown } | null)?.subscriptions;
  return Array.isArray(list)
    ? list.filter((s): s is Subscription => typeof s === 'object' && s !== null)
    : [];
}

/** Grows by half each poll up to `maxInterval`, jittered by up to 20 % so many clients spread out. */
function nextDelay(attempt: number, interval: number, maxInterval: number): number {
  const base = Math.min(interval * 1.5 ** (attempt - 1), maxInterval);
  return Math.round(base * (0.8 + Math.random() * 0.2));
}

function isTransient(error: unknown): boolean {
  if (error instanceof AbortError) return false;
  if (error instanceof ConnectionError || error instanceof ResponseValidationError) return true;
  return (
    error instanceof APIError &&
    (error.status === 408 || error.status === 429 || error.status >= 500)
  );
}

// For bundlers only: this part reaches every module the parts share (lazy-side.ts).
export { lazySide } from '../lazy-side.js';
