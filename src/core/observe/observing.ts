import { LazyModule } from '../lazy-module.js';
import type { Secrets } from '../secrets/secrets.js';
import type { Log } from '../setup/logger.js';
import type { ClientOptions } from '../setup/options.js';
import type { Observer } from './observer.js';

// The observer's code, a chunk of its own (like the purchase flow): a page that traces nothing
// never loads it, `client.preload()` included (the part is made with the first client that
// traces). A lazy part like the others, so a call's wait for it has the same bound.
let observerModule: LazyModule<typeof import('./observer.js')> | undefined;

/**
 * A client's {@link Observer}, once its chunk is loaded (it starts loading with the client). A
 * first call waits for it as for its other parts, within its timeout and until its signal; after
 * that the request path takes it at once. A client with neither `tracer` nor `meter` has none.
 * @internal
 */
export class Observing {
  #observer: Observer | undefined;
  readonly #module = (observerModule ??= new LazyModule(() => import('./observer.js')));
  readonly #made: (module: typeof import('./observer.js')) => Observer;

  constructor(options: ClientOptions, secrets: Secrets, log: Log) {
    const { tracer, meter } = options;
    this.#made = ({ Observer }) => new Observer(tracer, meter, secrets, log);
    this.#module.load().catch(() => undefined); // a call that needs it says why it failed
  }

  /** The observer when its chunk is loaded, else undefined. */
  get ready(): Observer | undefined {
    const loaded = this.#module.loaded;
    return loaded && (this.#observer ??= this.#made(loaded));
  }

  /** The observer, waited for like any lazy part (`LazyModule.load`): nothing is sent meanwhile. */
  load(wait: { signal?: unknown; ms?: number }): Promise<Observer> {
    return this.#module.load(wait).then(() => this.ready!);
  }
}

/** The client's observer to be, when the options ask for one. */
export function startObserving(
  options: ClientOptions,
  secrets: Secrets,
  log: Log,
): Observing | undefined {
  return options.tracer || options.meter ? new Observing(options, secrets, log) : undefined;
}
