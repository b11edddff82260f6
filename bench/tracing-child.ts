// The per-call CPU of tracing (bench/tracing.ts runs this as plain Node from a bundle): the same
// `plans.get()` on clients without a tracer, with the OpenTelemetry API's no-op tracer, and with
// the SDK's tracer and meter (spans made, ended and handed to an exporter that drops them), as a
// Node service sets them up (AsyncLocalStorage context manager, W3C propagator). The answer comes
// from a fetch that answers at once, so what is measured is the client's own work per call.
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createClient, type ClientOptions } from '../dist/index.js';

const ROUNDS = Number(process.argv[2] ?? 11);
const CALLS = Number(process.argv[3] ?? 2000);

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());

class DroppingReader extends MetricReader {
  protected override onForceFlush = () => Promise.resolve();
  protected override onShutdown = () => Promise.resolve();
}
const dropping = {
  export: (_: unknown, done: (r: { code: 0 }) => void) => done({ code: 0 }),
  shutdown: async () => {},
};
const sdkTracer = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(dropping)],
}).getTracer('bench');
const sdkMeter = new MeterProvider({ readers: [new DroppingReader()] }).getMeter('bench');

const BODY = '{"id":1,"slug":"team-per-seat","title":"Team"}';
const fetch = async () =>
  new Response(BODY, {
    headers: { 'content-type': 'application/json', 'content-length': String(BODY.length) },
  });
const base = {
  baseUrl: 'https://api.example.com',
  token: 'tok_bench',
  logLevel: 'off',
  fetch,
} as const;
const subjects: Record<string, ClientOptions> = {
  'no tracer': {},
  'no-op tracer (API only)': { tracer: trace.getTracer('bench') },
  'SDK tracer': { tracer: sdkTracer },
  'SDK tracer + meter': { tracer: sdkTracer, meter: sdkMeter },
};
const clients = Object.entries(subjects).map(([name, options]) => ({
  name,
  client: createClient({ ...base, ...options }),
}));

async function cpuPerCall(client: (typeof clients)[number]['client']): Promise<number> {
  const start = process.cpuUsage();
  for (let call = 0; call < CALLS; call++) await client.plans.get('team-per-seat');
  const used = process.cpuUsage(start);
  return (used.user + used.system) / CALLS;
}

const samples = new Map<string, number[]>(clients.map(({ name }) => [name, []]));
for (const { client } of clients) await cpuPerCall(client); // warm up, load the observer
for (let round = 0; round < ROUNDS; round++) {
  // The order turns every round: no subject always runs first, or last.
  const order = clients.map((_, i) => clients[(i + round) % clients.length]!);
  for (const { name, client } of order) samples.get(name)!.push(await cpuPerCall(client));
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const none = samples.get('no tracer')!;
console.log(
  '| client | CPU µs/call, median [min-max] | vs no tracer, median of per-round ratios |',
);
console.log('| --- | --- | --- |');
for (const [name, values] of samples) {
  const ratios = values.map((value, i) => value / none[i]!);
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `| ${name} | ${median(values).toFixed(1)} [${sorted[0]!.toFixed(1)}-${sorted.at(-1)!.toFixed(1)}] | ${median(ratios).toFixed(2)} |`,
  );
}
