import { untilAborted } from '../../core/retry/until-aborted.js';

/**
 * Runs one money flow at a time, in call order: a purchase holds it from listing the subscriptions
 * known before paying until its new subscription is found, so two purchases on one client never
 * watch for a new subscription at the same time and cannot take each other's. A caller whose
 * signal fires while queued leaves the queue at once.
 */
export class MoneyQueue {
  #tail: Promise<void> = Promise.resolve();

  async run<T>(work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    let done!: () => void;
    const gate = new Promise<void>((resolve) => (done = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => gate);
    try {
      await untilAborted(previous, signal);
      return await work();
    } finally {
      done();
    }
  }
}
