import type { Log } from '../setup/logger.js';
import type { TelemetryAttributes, TelemetrySpan, TelemetryTracer } from './telemetry-types.js';

/**
 * Runs `work` once, in a span the tracer makes current (so calls made inside are its children and
 * a propagator sees it). The tracer is the user's code: whatever it does (throws before or after
 * calling back, calls back twice, never calls back), the work runs exactly once and its own
 * outcome is what the caller gets. A request sent twice because a tracer threw would be a second
 * charge.
 */
export function inSpan<T>(
  tracer: TelemetryTracer | undefined,
  name: string,
  options: { kind: number; attributes: TelemetryAttributes },
  work: (span: TelemetrySpan | undefined) => Promise<T>,
  log: Log,
): Promise<T> {
  if (!tracer) return work(undefined);
  let running: Promise<T> | undefined;
  try {
    tracer.startActiveSpan(name, options, (span) => (running ??= started(work, span)));
  } catch (error) {
    log.debug(`tracer failed to start the span "${name}": ${textOf(error)}`);
  }
  return running ?? work(undefined);
}

/** `work` started, a synchronous throw turned into a rejection (so it cannot reach the tracer). */
function started<T>(work: (span: TelemetrySpan) => Promise<T>, span: TelemetrySpan): Promise<T> {
  try {
    return work(span);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Calls the user's span or instrument; what it throws is dropped (the call goes on). */
export function quietly(log: Log, what: string, use: () => void): void {
  try {
    use();
  } catch (error) {
    log.debug(`telemetry failed to ${what}: ${textOf(error)}`);
  }
}

/** What a thrown value says, even one whose `toString` throws (a Proxy, say). */
function textOf(error: unknown): string {
  try {
    return String(error);
  } catch {
    return 'an unprintable error';
  }
}
