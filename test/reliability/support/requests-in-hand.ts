import type { Simulator } from '../../../src/mock/index.js';

export interface RequestsInHand {
  /** How many requests the simulator has taken and not yet answered. */
  count(): number;
  /**
   * Resolves once the simulator holds no request: each it took has been processed and answered
   * (or, for a lost answer, let go once its client left). Checked now and as each is answered.
   */
  none(): Promise<void>;
}

/**
 * Counts the requests `simulator` is handling (its `handle`, which its loopback server calls for
 * each request), so that a test can wait for a request answered late to land on an event, not for
 * a length of time.
 */
export function watchRequestsInHand(simulator: Simulator): RequestsInHand {
  const handle = simulator.handle.bind(simulator);
  let inHand = 0;
  const waiters: Array<() => void> = [];
  simulator.handle = async (...args) => {
    inHand++;
    try {
      return await handle(...args);
    } finally {
      inHand--;
      if (inHand === 0) for (const resolve of waiters.splice(0)) resolve();
    }
  };
  return {
    count: () => inHand,
    none: () =>
      inHand === 0 ? Promise.resolve() : new Promise<void>((resolve) => void waiters.push(resolve)),
  };
}
