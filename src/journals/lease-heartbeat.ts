/** What the heartbeat keeps of a live run: how to renew its lease (writes its held record with
 * a fresh one), and the tick it was last renewed at (or began to hold the key). */
interface Beat {
  renew: () => void;
  since: number;
}

/**
 * One timer for every live run of a journal (issue 37): a keyed call that ends before its first
 * renewal (most do) no longer pays for a timer of its own. It ticks every sixth of the lease and
 * renews a run two ticks after its last renewal: between a sixth and a third of a lease after the
 * run began to hold the key, every third after that (never later than a timer of its own did).
 * A tick that finds no live run stops the timer; the next run to hold a key starts it again.
 */
class LeaseHeartbeat {
  readonly #every: number;
  readonly #live = new Set<Beat>();
  #tick = 0;
  /** Clears the timer while it runs, with the `clearInterval` of the `setInterval` that set it. */
  #clear: (() => void) | undefined;
  /** The `setInterval` that set it: fake timers put in or taken away since may never fire it. */
  #setBy: unknown;
  /** The timer keeps the process alive (no `unref`: Deno's is a number): stopped with the last run. */
  #pins = false;

  constructor(leaseMs: number) {
    this.#every = Math.max(1, Math.floor(leaseMs / 6));
  }

  /** Calls `renew` on the beat until the returned function is called (the run let go of the key). */
  hold(renew: () => void): () => void {
    const beat: Beat = { renew, since: this.#tick };
    this.#live.add(beat);
    // A journal kept across tests, each with fake timers of its own: a timer of another clock's.
    if (this.#setBy !== setInterval) this.#stop();
    if (this.#clear === undefined) {
      const clear = clearInterval;
      const timer = setInterval(() => this.#beat(), this.#every);
      this.#setBy = setInterval;
      this.#clear = () => clear(timer);
      // A heartbeat never keeps a process alive on its own (Node's and Bun's have unref).
      const { unref } = timer as { unref?: () => void };
      this.#pins = typeof unref !== 'function';
      if (!this.#pins) unref!.call(timer);
    }
    return () => {
      this.#live.delete(beat);
      // Not a tick later, for a timer that would hold a Deno process that is done up to a sixth
      // of the lease (the per-call timer issue 37 saved is set and cleared again there).
      if (this.#pins && this.#live.size === 0) this.#stop();
    };
  }

  #stop(): void {
    this.#clear?.();
    this.#clear = undefined;
  }

  #beat(): void {
    const tick = ++this.#tick;
    if (this.#live.size === 0) return this.#stop();
    for (const beat of this.#live) {
      if (tick - beat.since < 2) continue;
      beat.since = tick;
      beat.renew();
    }
  }
}

/** Per journal and lease, its heartbeat. */
const heartbeats = new WeakMap<object, Map<number, LeaseHeartbeat>>();

/** The heartbeat of `journal`'s runs whose lease is `leaseMs`. */
export function heartbeatOf(journal: object, leaseMs: number): LeaseHeartbeat {
  let byLease = heartbeats.get(journal);
  if (byLease === undefined) heartbeats.set(journal, (byLease = new Map()));
  let heartbeat = byLease.get(leaseMs);
  if (heartbeat === undefined) byLease.set(leaseMs, (heartbeat = new LeaseHeartbeat(leaseMs)));
  return heartbeat;
}
