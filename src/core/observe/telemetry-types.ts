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
  /**
   * Sets one attribute (the answer's status, the request id ...).
   *
   * @example
   * ```ts
   * span.setAttribute('http.response.status_code', 200);
   * ```
   */
  setAttribute(key: string, value: TelemetryValue): unknown;
  /**
   * Adds an event: each purchase step, an `exception` on failure.
   *
   * @example
   * ```ts
   * span.addEvent('seatpay.purchase.step', { 'seatpay.step': 'pay' });
   * ```
   */
  addEvent(name: string, attributes?: TelemetryAttributes): unknown;
  /**
   * Sets the status: seatpay sets `ERROR` (2) on failure only.
   *
   * @example
   * ```ts
   * span.setStatus({ code: 2 });
   * ```
   */
  setStatus(status: { code: number; message?: string }): unknown;
  /**
   * Ends the span: once the attempt's body is read, or the operation settled.
   *
   * @example
   * ```ts
   * span.end();
   * ```
   */
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
  /**
   * Starts a span, runs `fn` with it current, and returns what `fn` returns.
   *
   * @typeParam F - The work run inside the span.
   * @example
   * ```ts
   * const tracer: TelemetryTracer = trace.getTracer('billing');
   * await tracer.startActiveSpan('nightly-sync', {}, async (span) => {
   *   await client.subscriptions.list(); // its attempt spans are this span's children
   *   span.end();
   * });
   * ```
   */
  startActiveSpan<F extends (span: TelemetrySpan) => unknown>(
    name: string,
    options: { kind?: number; attributes?: TelemetryAttributes },
    fn: F,
  ): ReturnType<F>;
}

/**
 * The part of an OpenTelemetry `Histogram` seatpay uses.
 *
 * @example
 * ```ts
 * const histogram: TelemetryHistogram = metrics.getMeter('billing').createHistogram('x');
 * ```
 * @category Client
 */
export interface TelemetryHistogram {
  /**
   * Records one value: an attempt's duration in seconds.
   *
   * @example
   * ```ts
   * histogram.record(0.042, { 'http.request.method': 'GET' });
   * ```
   */
  record(value: number, attributes?: TelemetryAttributes): void;
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
  /**
   * Makes a histogram: seatpay makes `http.client.request.duration` (unit `s`) once per client.
   *
   * @example
   * ```ts
   * const meter: TelemetryMeter = metrics.getMeter('billing');
   * const duration = meter.createHistogram('http.client.request.duration', { unit: 's' });
   * ```
   */
  createHistogram(
    name: string,
    options?: {
      description?: string;
      unit?: string;
      advice?: { explicitBucketBoundaries?: number[] };
    },
  ): TelemetryHistogram;
}

/** `SpanKind` and `SpanStatusCode` of `@opentelemetry/api`: numbers, fixed by the API. */
export const SPAN_KIND = { internal: 0, client: 2 } as const;
export const SPAN_STATUS_ERROR = 2;
