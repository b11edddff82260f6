import type { Log } from '../setup/logger.js';
import type { TelemetryAttributes, TelemetrySpan, TelemetryTracer } from './telemetry-types.js';

/**
 * Runs `work` once, in a span the tracer makes current (so calls made inside are its children and
 * a propagator sees it). The tracer is the user's code, and the work never waits for it: called
 * back at once, the work runs in the span; not called back by the time `startActiveSpan` returns
 * (later, on a timer, never) or thrown, it runs untraced right then. A callback after that, or a
 * second one, gets the same run (its span, if another, is ended empty) and never starts the work
 * again: a request sent twice because of a tracer would be a second charge.
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
  let used: TelemetrySpan | undefined;
  const callback = (span: TelemetrySpan): Promise<T> => {
    if (running === undefined) {
      used = span;
      return (running = started(work, span));
    }
    if (span !== used) quietly(log, 'end a span it could not use', () => span.end());
    return running;
  };
  try {
    tracer.startActiveSpan(name, options, callback);
  } catch (error) {
    log.debug(`tracer failed to start the span "${name}": ${textOf(error)}`);
  }
  return (running ??= started(work, undefined));
}

/** `work` started, a synchronous throw turned into a rejection (so it cannot reach the tracer). */
function started<T>(
  work: (span: TelemetrySpan | undefined) => Promise<T>,
  span: TelemetrySpan | undefined,
): Promise<T> {
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
