// A simulator whose requests a test watches: each arrival is announced, so a test acts the moment
// a request reaches the service (not after a guessed delay), and requests are counted while in
// flight, so a test waits until all that a killed process left behind has landed. Event order,
// not wall-clock time: it holds at any load.
import type { Simulator } from '../../src/mock/index.js';

export interface WatchedSimulator {
  /** Serve this one (startMockServer({ simulator })). */
  simulator: Simulator;
  /** Calls `listener` with `METHOD /path` as each request arrives; returns its removal. */
  onArrival(listener: (route: string) => void): () => void;
  /** Resolves once no request is being answered. */
  idle(): Promise<void>;
}

export function watchedSimulator(inner: Simulator): WatchedSimulator {
  const listeners = new Set<(route: string) => void>();
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((resolve) => resolve());
  };
  const simulator: Simulator = {
    ...inner,
    handle: async (request, options) => {
      inFlight += 1;
      try {
        const route = `${request.method.toUpperCase()} ${new URL(request.url).pathname}`;
        listeners.forEach((listener) => listener(route));
        return await inner.handle(request, options);
      } finally {
        inFlight -= 1;
        settle();
      }
    },
  };
  return {
    simulator,
    onArrival: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
  };
}
