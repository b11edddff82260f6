// The test's hand on timers of chosen lengths. While installed, a global `setTimeout` of one of
// those lengths waits until the test fires it; every other timer runs on the real clock, so the
// loopback server, undici and the simulator's short waits go on as usual. Unlike a fake clock that
// moves, firing a held timer touches no other: the test names the one wait that runs out, once
// the order of events says it is the right one, and no wait of a request slowed by a loaded
// machine can run out in its place.

/** What `setTimeout` hands back for a held timer: enough of Node's `Timeout` for its users. */
class HeldTimer {
  constructor(
    readonly ms: number,
    readonly run: () => void,
  ) {}
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  hasRef(): boolean {
    return true;
  }
  refresh(): this {
    return this;
  }
}

export interface HeldTimers {
  /** How many timers of `ms` wait to be fired. */
  pending(ms: number): number;
  /** Fires every waiting timer of `ms`, in the order they were set; returns how many. */
  fire(ms: number): number;
  /** Resolves once `condition()` holds: checked now and whenever a held timer is set or cleared. */
  until(condition: () => boolean): Promise<void>;
  /** Puts the real `setTimeout` and `clearTimeout` back; a timer still held never fires. */
  restore(): void;
}

/** Holds every timer of one of `lengths` (ms) until the test fires it; see the file's header. */
export function holdTimers(lengths: readonly number[]): HeldTimers {
  const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  const held = new Set<HeldTimer>();
  let waiters: Array<{ condition: () => boolean; resolve: () => void }> = [];
  const changed = () => {
    const met = waiters.filter((waiter) => waiter.condition());
    waiters = waiters.filter((waiter) => !met.includes(waiter));
    for (const waiter of met) waiter.resolve();
  };

  globalThis.setTimeout = ((handler: unknown, ms?: number, ...args: unknown[]) => {
    if (typeof handler !== 'function' || ms === undefined || !lengths.includes(ms)) {
      return real.setTimeout(handler as () => void, ms, ...args);
    }
    const timer = new HeldTimer(ms, () => (handler as (...a: unknown[]) => void)(...args));
    held.add(timer);
    changed();
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer: unknown) => {
    if (!(timer instanceof HeldTimer)) return real.clearTimeout(timer as NodeJS.Timeout);
    if (held.delete(timer)) changed();
  }) as typeof clearTimeout;

  const of = (ms: number) => [...held].filter((timer) => timer.ms === ms);
  return {
    pending: (ms) => of(ms).length,
    fire: (ms) => {
      const due = of(ms);
      for (const timer of due) held.delete(timer);
      for (const timer of due) timer.run();
      if (due.length > 0) changed();
      return due.length;
    },
    until: (condition) =>
      condition()
        ? Promise.resolve()
        : new Promise((resolve) => void waiters.push({ condition, resolve })),
    restore: () => {
      globalThis.setTimeout = real.setTimeout;
      globalThis.clearTimeout = real.clearTimeout;
      held.clear();
      waiters = [];
    },
  };
}

/**
 * Times out each request the service holds, one at a time: whenever it holds one more than it did
 * when the last was timed out (one more timer of `heldMs` waits; the test fires none of them
 * meanwhile) and a single timer of `timeoutMs` is left (that request's own wait: every other
 * request in flight has its answer), fires that one. Once `settled` settles, how many it timed out.
 */
export async function timeOutHeldRequests(
  clock: HeldTimers,
  { timeoutMs, heldMs }: { timeoutMs: number; heldMs: number },
  settled: Promise<unknown>,
): Promise<number> {
  let timedOut = 0;
  const alone = () => clock.pending(heldMs) > timedOut && clock.pending(timeoutMs) === 1;
  const over = settled.then(
    () => 'settled' as const,
    () => 'settled' as const,
  );
  for (;;) {
    if ((await Promise.race([clock.until(alone), over])) === 'settled') return timedOut;
    // Checked again with nothing in between: a request may have set its timer since.
    if (alone()) timedOut += clock.fire(timeoutMs);
  }
}
