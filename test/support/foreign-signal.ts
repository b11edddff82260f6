import { runInNewContext } from 'node:vm';

/** A controller whose signal is no AbortSignal of this realm: `abort` fires it. */
export interface ForeignController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

/** A polyfill's controller of this realm (as the `abort-controller` package makes one). */
class PolyfillSignal extends EventTarget {
  aborted = false;
  reason: unknown = undefined;
}

function polyfillController(): ForeignController {
  const signal = new PolyfillSignal();
  return {
    signal: signal as unknown as AbortSignal,
    abort(reason = new Error('stopped')) {
      if (signal.aborted) return;
      signal.aborted = true;
      signal.reason = reason;
      signal.dispatchEvent(new Event('abort'));
    },
  };
}

/**
 * A controller made in another realm (a `node:vm` context, as an iframe's would be): a Node
 * context has no AbortController, so its signal is a small polyfill of that realm.
 */
const otherRealmController = (): ForeignController =>
  runInNewContext(`
    class Signal {
      aborted = false;
      reason = undefined;
      listeners = [];
      addEventListener(type, listener) { if (type === 'abort') this.listeners.push(listener); }
      removeEventListener(type, listener) {
        this.listeners = this.listeners.filter((l) => l !== listener);
      }
    }
    const signal = new Signal();
    ({
      signal,
      abort(reason = new Error('stopped')) {
        if (signal.aborted) return;
        signal.aborted = true;
        signal.reason = reason;
        for (const listener of signal.listeners.splice(0)) listener.call(signal, { type: 'abort' });
      },
    });
  `) as ForeignController;

/** Each kind of signal `instanceof AbortSignal` misses, by name. */
export const FOREIGN_CONTROLLERS: [string, () => ForeignController][] = [
  ["a polyfill's", polyfillController],
  ["another realm's", otherRealmController],
];
