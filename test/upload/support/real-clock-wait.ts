import { onTestFinished } from 'vitest';

/** A wait on the real clock, taken when this module loads: before any test fakes the clock. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Polls on the real clock until `ready` (something the upload does on its own, e.g. a store write
 * it started): no time limit of its own, the test timeout catches a hang. It stops when its test
 * ends (timed out, failed, or done without it), rejecting: a loop left polling would share the
 * CPU with the next tests of the worker, and a test body resumed after its end would run on.
 */
export async function untilReal(ready: () => boolean): Promise<void> {
  let ended = false;
  onTestFinished(() => void (ended = true));
  while (!ready()) {
    if (ended) throw new Error('untilReal: its test ended before the condition held');
    await new Promise((resolve) => realSetTimeout(resolve, 5));
  }
}
