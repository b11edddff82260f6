import type { Answer, PreparedCall } from '../call.js';
import type { Secrets } from '../secrets/secrets.js';
import type { Log } from '../setup/logger.js';
import type { ClientOptions } from '../setup/options.js';
import type { Observer } from './observer.js';
import { UNOBSERVED, type OperationNotes } from './operation-notes.js';

/**
 * A client's {@link Observer}, loading: `undefined` when the client has neither `tracer` nor
 * `meter`, so that the request path costs one branch and a page that traces nothing never loads
 * the observer's code (a chunk of its own, like the purchase flow).
 * @internal
 */
export type Observing = Promise<Observer | undefined> | undefined;

/** Starts loading the observer when the options ask for one; a failed load observes nothing. */
export function startObserving(options: ClientOptions, secrets: Secrets, log: Log): Observing {
  const { tracer, meter } = options;
  if (!tracer && !meter) return undefined;
  return import('./observer.js').then(
    ({ Observer }) => new Observer(tracer, meter, secrets, log),
    () => undefined,
  );
}

/** Runs one attempt, observed when the client observes. */
export function observeAttempt<T>(
  observing: NonNullable<Observing>,
  call: PreparedCall<T>,
  attempt: number,
  run: () => Promise<Answer<T>>,
): Promise<Answer<T>> {
  return observing.then((observer) => (observer ? observer.attempt(call, attempt, run) : run()));
}

/** Runs a helper's operation, in a span of its own when the client traces. */
export function observeOperation<T>(
  observing: Observing,
  name: string,
  work: (notes: OperationNotes) => Promise<T>,
): Promise<T> {
  if (observing === undefined) return work(UNOBSERVED);
  return observing.then((observer) =>
    observer ? observer.operation(name, work) : work(UNOBSERVED),
  );
}
