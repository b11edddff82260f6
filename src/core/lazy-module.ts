import { waitEnded } from '../caller-timeout.js';
import { isFollowable } from '../signal-like.js';
import { ConnectionError } from './errors/connection-error.js';
import { untilAborted, withinMs } from './retry/until-aborted.js';

/** Every lazy part a bundle kept (a bundler drops the ones nothing uses, and so their loads). */
const everyModule: LazyModule<unknown>[] = [];

/** Loads every lazy part, so that no call waits for one: `client.preload()`. */
export function loadEveryModule(): Promise<void> {
  return Promise.all(everyModule.map((module) => module.load())).then(() => undefined);
}

/**
 * A part of seatpay loaded with `import()` on the first call that needs it, and kept: the purchase,
 * upload, polling, keyed checkout and journal helpers, and the observer. Most pages never use
 * them, and loading them on use keeps them out of what a page downloads. The request path and
 * every family's schemas are not among them: a page's first call waits for no code
 * (BENCHMARKS.md, "Issue 36"). After the first use the module is at hand, without an extra step.
 * @internal
 */
export class LazyModule<T> {
  /** The loaded module, once a call has loaded it. */
  loaded: T | undefined;
  #loading: Promise<T> | undefined;
  readonly #importer: () => Promise<T>;

  constructor(importer: () => Promise<T>) {
    this.#importer = importer;
    everyModule.push(this);
  }

  /**
   * The module, loaded once for every call that waits on it. The wait ends with `signal` (its
   * `AbortSignal.timeout`: TimeoutError) and after `ms` (ConnectionError); nothing sent then. A
   * failed load (a page offline, a chunk gone after a deployment) rejects with a ConnectionError
   * (nothing sent), tried again on the next call (a browser remembers it: only a reload loads it).
   */
  load(wait: { signal?: unknown; ms?: number } = {}): Promise<T> {
    this.#loading ??= this.#importer().then(
      (module) => (this.loaded = module),
      (error: unknown) => {
        this.#loading = undefined;
        throw notLoaded('(a chunk of the page did not load)', error);
      },
    );
    // The caller's options are checked once loaded: here only a usable signal or time counts.
    const signal = isFollowable(wait.signal) ? wait.signal : undefined;
    const ms = wait.ms ?? Infinity;
    const late = () => notLoaded(`within ${ms} ms (a chunk of the page did not arrive)`);
    return untilAborted(withinMs(this.#loading, ms, late), signal, waitEnded);
  }
}

/** What a call that could not load a part of seatpay rejects with: nothing was sent. */
function notLoaded(why: string, cause?: unknown): ConnectionError {
  return new ConnectionError(
    `seatpay could not load a part of itself for this call ${why}: nothing was sent. Check the ` +
      'connection, then call again; in a browser, reload the page first (it remembers a module ' +
      'that failed to load).',
    { mayHaveBeenProcessed: false, method: '', url: '', cause },
  );
}
