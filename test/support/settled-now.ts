// Whether a call has ended yet, read by the order of events rather than a clock.

/** Whether `promise` has settled once the turns now queued have run (no clock read). */
export async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}
