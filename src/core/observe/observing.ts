import type { Secrets } from '../secrets/secrets.js';
import type { Log } from '../setup/logger.js';
import type { ClientOptions } from '../setup/options.js';
import type { Observer } from './observer.js';

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

/**
 * `use(observer)` once the client's observer is loaded; `otherwise()` when the client observes
 * nothing (at once: one branch) or its observer could not be loaded.
 */
export function observed<T>(
  observing: Observing,
  use: (observer: Observer) => Promise<T>,
  otherwise: () => Promise<T>,
): Promise<T> {
  if (observing === undefined) return otherwise();
  return observing.then((observer) => (observer ? use(observer) : otherwise()));
}
