type Schedule = (run: () => void) => unknown;
const { setImmediate } = globalThis as { setImmediate?: Schedule };

/** Lets the event loop run its timers and I/O (a macrotask: microtasks alone would not). */
export function letGo(run?: { work: number }): Promise<void> {
  if (run) run.work = 0;
  return new Promise((resume) => (setImmediate ?? setTimeout)(resume));
}
