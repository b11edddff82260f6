/**
 * The simulator's own timers (subscription creation, media processing). They are unref'd so they
 * never keep a Node process alive, and `clear()` cancels them so tests leave no handles behind.
 */
export class Timers {
  readonly #handles = new Set<ReturnType<typeof setTimeout>>();
  #closed = false;

  later(ms: number, task: () => void): void {
    if (this.#closed) return;
    const handle = setTimeout(() => {
      this.#handles.delete(handle);
      task();
    }, ms);
    (handle as { unref?: () => void }).unref?.();
    this.#handles.add(handle);
  }

  get pending(): number {
    return this.#handles.size;
  }

  clear(): void {
    this.#closed = true;
    for (const handle of this.#handles) clearTimeout(handle);
    this.#handles.clear();
  }
}

/**
 * A plain wait (injected latency); not tracked, as it always ends by itself. Unref'd like the
 * simulator's other timers: once the server is closed, a request stuck in a long injected latency
 * must not keep the process (a test runner) alive for the rest of it.
 */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    const handle = setTimeout(resolve, ms);
    (handle as { unref?: () => void }).unref?.();
  });
