// The real OpenTelemetry SDK for tests: spans in memory, metrics read by hand, the context kept by
// AsyncLocalStorage and propagated as W3C `traceparent`, as a Node service sets it up.
import { context, propagation, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  MeterProvider,
  MetricReader,
  type HistogramMetricData,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A metric reader the test collects from when it wants to. */
class ManualReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected override onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** Sets the SDK up for a test file; spans and metrics are fresh in each test. */
export function useTelemetry() {
  const exporter = new InMemorySpanExporter();
  let provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let reader = new ManualReader();
  let meters = new MeterProvider({ readers: [reader] });
  const manager = new AsyncLocalStorageContextManager();
  beforeAll(() => {
    context.setGlobalContextManager(manager.enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });
  afterEach(() => {
    exporter.reset();
    reader = new ManualReader();
    meters = new MeterProvider({ readers: [reader] });
    provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  });
  afterAll(() => {
    context.disable();
    propagation.disable();
  });
  return {
    tracer: (): Tracer => provider.getTracer('seatpay-test'),
    meter: () => meters.getMeter('seatpay-test'),
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    /** The data points of `http.client.request.duration`. */
    async durations() {
      const { resourceMetrics } = await reader.collect();
      const metric = resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .find((m) => m.descriptor.name === 'http.client.request.duration') as
        HistogramMetricData | undefined;
      return { unit: metric?.descriptor.unit, points: metric?.dataPoints ?? [] };
    },
    /** Everything recorded, as text: span names, attributes, events, statuses and metric points. */
    async text(): Promise<string> {
      const spans = exporter.getFinishedSpans().map((span) => ({
        name: span.name,
        attributes: span.attributes,
        status: span.status,
        events: span.events.map(({ name, attributes }) => ({ name, attributes })),
      }));
      const { resourceMetrics } = await reader.collect();
      const points = resourceMetrics.scopeMetrics.flatMap((scope) =>
        scope.metrics.flatMap((metric) => metric.dataPoints.map((point) => point.attributes)),
      );
      return JSON.stringify({ spans, points });
    },
    /** Runs `work` inside a span of the test's own, made current. */
    inParent<T>(work: () => Promise<T>): Promise<T> {
      return provider
        .getTracer('app')
        .startActiveSpan('app', (span) => work().finally(() => span.end()));
    },
  };
}

/** The id of a span's parent, or undefined for a root. */
export const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
/** A span's own id. */
export const idOf = (span: ReadableSpan) => span.spanContext().spanId;

/** Injects the current context's `traceparent` into a request, as a user's ky hook would. */
export function injectTraceparent(request: Request): void {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  for (const [name, value] of Object.entries(carrier)) request.headers.set(name, value);
}
