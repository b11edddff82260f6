// Apart from faults-figures.ts: this listens on `process`, so a file that imports it keeps a
// module graph of its own (test/setup/shared-graph.ts), and faults-figures' other users need not.

/** Counts unhandled promise rejections while it is installed. */
export function trackUnhandled(): { count: () => number; stop: () => void } {
  let count = 0;
  const listener = () => void count++;
  process.on('unhandledRejection', listener);
  return { count: () => count, stop: () => void process.off('unhandledRejection', listener) };
}
