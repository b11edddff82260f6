/** A wait on the real clock, taken when this module loads: before any test fakes the clock. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Polls on the real clock until `ready` (something the upload does on its own, e.g. a store write
 * it started): no time limit of its own, the test timeout catches a hang.
 */
export async function untilReal(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => realSetTimeout(resolve, 5));
}
