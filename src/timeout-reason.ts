// Whether a signal's reason says a deadline passed: read by core/retry/deadline.ts and by
// caller-timeout.ts, which core/lazy-module.ts imports; here, with no import, it closes no circle
// (deadline.ts imports the secrets' types, whose large-text slices load through lazy-module.ts).

/**
 * The message of `reason` (a signal's) when it says a deadline passed: a `totalTimeout`, or the
 * caller's own `AbortSignal.timeout(...)`, both of which fire a DOMException named
 * `TimeoutError`; undefined for any other reason. Read once, and never throws.
 */
export function deadlineMessage(reason: unknown): string | undefined {
  try {
    if (typeof reason !== 'object' || reason === null) return undefined;
    const { name, message } = reason as { name?: unknown; message?: unknown };
    return name === 'TimeoutError' && typeof message === 'string' ? message : undefined;
  } catch {
    return undefined; // a hostile reason (a Proxy whose traps throw) is no deadline
  }
}
