// A count of something a test watches happen (a journal's reads, its heartbeats), with a promise
// for when it reaches a number: the test waits for the event itself, never polls a clock for it.

export interface CountedEvent {
  /** How many times it has happened so far. */
  readonly count: number;
  /** Counts one more. */
  add(): void;
  /** Resolves once it has happened `count` times in all (at once if it already has). */
  reached(count: number): Promise<void>;
}

export function countedEvent(): CountedEvent {
  let count = 0;
  let waiting: { count: number; resolve: () => void }[] = [];
  return {
    get count() {
      return count;
    },
    add() {
      count++;
      const ready = waiting.filter((waiter) => count >= waiter.count);
      waiting = waiting.filter((waiter) => count < waiter.count);
      ready.forEach((waiter) => waiter.resolve());
    },
    reached: (at) =>
      at <= count
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ count: at, resolve })),
  };
}
