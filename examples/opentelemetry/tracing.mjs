// Started before the app (`node --import ./tracing.mjs app.mjs`), as the OpenTelemetry Node SDK
// asks: the SDK, an OTLP/HTTP exporter and the instrumentation of Node's own fetch (undici).
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';

// seatpay makes one CLIENT span per attempt itself, with the HTTP semantic conventions' attributes
// and its route template as the name. Node's fetch instrumentation would add a second CLIENT span
// (named only `GET`) under each of them: leave the service's origin to seatpay's spans. Every
// other fetch of the app is still traced. (Drop the hook to keep both: the nested span is the
// network-level view of the same request.)
const serviceOrigin = new URL(process.env.SEATPAY_BASE_URL ?? 'http://127.0.0.1').origin;

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? 'billing',
  // Sends to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (default http://localhost:4318/v1/traces).
  traceExporter: new OTLPTraceExporter(),
  instrumentations: [
    new UndiciInstrumentation({
      ignoreRequestHook: (request) => request.origin === serviceOrigin,
    }),
  ],
});
sdk.start();

// Flush the last spans when the process is told to stop.
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => void sdk.shutdown().finally(() => process.exit(0)));

export { sdk };
