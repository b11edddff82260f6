import type { TelemetryAttributes } from './telemetry-types.js';

/**
 * What a helper tells the span of its operation (a purchase, an upload, a keyed checkout) as it
 * goes: attributes it learns (the file's size, a replayed key) and events (each purchase step).
 * Without a tracer it is {@link UNOBSERVED}, which does nothing.
 * @internal
 */
export interface OperationNotes {
  set(attributes: TelemetryAttributes): void;
  event(name: string, attributes?: TelemetryAttributes): void;
}

/** The notes of an operation nobody traces. @internal */
export const UNOBSERVED: OperationNotes = { set() {}, event() {} };
