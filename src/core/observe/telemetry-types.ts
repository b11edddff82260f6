/**
 * The few parts of the OpenTelemetry API (`@opentelemetry/api`) seatpay calls, declared here so
 * that the main entry needs no OpenTelemetry package, at run time or in its types: a `Tracer` from
 * `trace.getTracer(...)` and a `Meter` from `metrics.getMeter(...)` fit them as they are.
 */

/**
 * An attribute's value, as OpenTelemetry takes it.
 *
 * @example
 * ```ts
 * const port: TelemetryValue = 443;
 * ```
 * @category Client
 */
export type TelemetryValue = string | number | boolean;

/**
 * Attributes of a span, an event or a measurement.
 *
 * @example
 * ```ts
 * const attributes: TelemetryAttributes = { 'http.request.method': 'GET', 'server.port': 443 };
 * ```
 * @category Client
 */
export type TelemetryAttributes = Record<string, TelemetryValue | undefined>;

/**
 * The part of an OpenTelemetry `Span` seatpay uses.
 *
 * @example
 * ```ts
 * // A tracer of your own (tests, a runtime without the SDK) gives spans of this shape.
 * const ended: string[] = [];
 * const span: TelemetrySpan = {
 *   setAttribute: () => undefined,
 *   addEvent: () => undefined,
 *   setStatus: () => undefined,
 *   end: () => void ended.push('span'),
 * };
 * ```
 * @category Client
 */
export interface TelemetrySpan {
  setAttribute(key: string, value: TelemetryValue): unknown;
  addEvent(name: string, attributes?: TelemetryAttributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

/**
 * The part of an OpenTelemetry `Tracer` seatpay uses: `startActiveSpan`, which runs the work with
 * the span current in the caller's context manager (so a propagator injects `traceparent`).
 *
 * @example
 * ```ts
 * import { trace } from '@opentelemetry/api';
 *
 * const client = createClient({ baseUrl, token, tracer: trace.getTracer('billing') });
 * ```
 * @category Client
 */
export interface TelemetryTracer {
  startActiveSpan<F extends (span: TelemetrySpan) => unknown>(
    name: string,
    options: { kind?: number; attributes?: TelemetryAttributes },
    fn: F,
  ): ReturnType<F>;
}

/**
 * The part of an OpenTelemetry `Meter` seatpay uses: one histogram.
 *
 * @example
 * ```ts
 * import { metrics } from '@opentelemetry/api';
 *
 * const client = createClient({ baseUrl, token, meter: metrics.getMeter('billing') });
 * ```
 * @category Client
 */
export interface TelemetryMeter {
  createHistogram(
    name: string,
    options?: {
      description?: string;
      unit?: string;
      advice?: { explicitBucketBoundaries?: number[] };
    },
  ): { record(value: number, attributes?: TelemetryAttributes): void };
}

/** `SpanKind` and `SpanStatusCode` of `@opentelemetry/api`: numbers, fixed by the API. */
export const SPAN_KIND = { internal: 0, client: 2 } as const;
export const SPAN_STATUS_ERROR = 2;
