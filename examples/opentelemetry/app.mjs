// A service's code: it takes the global tracer and meter the SDK registered (tracing.mjs).
import { metrics, trace } from '@opentelemetry/api';
import { createClient } from 'seatpay';
import { sdk } from './tracing.mjs';

const tracer = trace.getTracer('billing');
const client = createClient({ tracer, meter: metrics.getMeter('billing') }); // SEATPAY_BASE_URL, SEATPAY_TOKEN

// The app's own span is the parent of seatpay's attempt spans (the SDK's context manager
// carries it across `await`).
await tracer.startActiveSpan('nightly-report', async (span) => {
  try {
    const plan = await client.plans.get('team-per-seat');
    const { subscriptions } = await client.subscriptions.list();
    console.log(`${plan.slug}: ${subscriptions.length} subscription(s)`);
    // Any other fetch of the app is traced by the undici instrumentation, as usual.
    if (process.env.STATUS_URL) await fetch(process.env.STATUS_URL).then((answer) => answer.text());
  } finally {
    span.end();
  }
});

await sdk.shutdown(); // exports what is left before the process ends
