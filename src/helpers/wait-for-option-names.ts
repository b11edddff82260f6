import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { isSignal, signalAsOptionsError } from '../signal-like.js';
import { checkKnownOptions } from './unknown-option.js';

/**
 * What `subscriptions.waitFor` reads: `WaitForOptions`' names (not imported from its module, which
 * imports this one; test/helpers/wait-for-unknown-option.test.ts checks at compile time that the
 * two name the same options).
 */
export const WAIT_FOR_OPTIONS = [
  'exclude',
  'match',
  'timeout',
  'interval',
  'maxInterval',
  'signal',
  'onPoll',
] as const;

/**
 * Refuses an option `subscriptions.waitFor` does not read, given from JavaScript (TypeScript
 * refuses it): `timout: 600_000`, or purchase's own `waitTimeout` or `pollInterval`, was read by
 * nothing, and the wait gave up after its default 2 minutes, or polled every 2 s (redteam40).
 * Refused before the first poll; one left `undefined` (a wrapper's spread) names nothing.
 */
export function checkWaitForOptionNames(options: object): void {
  // A signal as the options (`waitFor(signal)`) was told it needs `exclude`, not where it goes;
  // options with a field `aborted` are none: that option is named (signals19).
  if (isSignal(options)) throw signalAsOptionsError('{ exclude, signal }');
  checkKnownOptions(options, WAIT_FOR_OPTIONS, 'waitFor', 'polled');
}

/**
 * Refuses a second argument given to `subscriptions.waitFor` from JavaScript (TypeScript refuses
 * it): `waitFor({ exclude }, { signal })`, as other calls take their request options, or
 * `waitFor({ exclude }, signal)`, was read by nothing, so an aborted signal stopped no poll and the
 * wait went on for its whole timeout (redteam43). Refused before the first poll.
 */
export function checkNoSecondArgument(second: unknown): void {
  // One naming nothing (`{}`, a wrapper's `{ signal: undefined }`) loses nothing: the wait runs
  // (review18a: a wrapper passing every call its options, `{}` by default, was refused). A signal
  // has no field of its own: refused.
  const plain = typeof second === 'object' && second !== null && !isSignal(second);
  if ((plain ? Object.values(second) : [second]).every((value) => value === undefined)) return;
  throw new InvalidRequestError(
    "waitFor's second argument is read by nothing: waitFor takes one argument, give `signal` and `timeout` in it (`waitFor({ exclude, signal })`). Nothing was polled",
    { field: 'options' },
  );
}
