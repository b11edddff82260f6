// What failures look like: arguments refused before sending, the service's answers as typed
// errors, no answer at all, timeouts and cancellation, and the retries in between.
// Run: `npm run example -- errors-and-retries` (against the simulator), or with SEATPAY_BASE_URL and
// SEATPAY_TOKEN set, against that server.
import {
  AbortError,
  APIError,
  ConnectionError,
  createClient,
  InvalidRequestError,
  NotFoundError,
  OwnerOnlyError,
  TimeoutError,
} from '../src/index.js';

// logLevel 'warn' prints one line per retry; the token is always redacted from logs.
// The base URL and token come from SEATPAY_BASE_URL and SEATPAY_TOKEN.
const client = createClient({ maxRetries: 2, logger: console, logLevel: 'warn' });

// One place that turns any seatpay error into a line. Subclasses come before their parents.
function explain(error: unknown): string {
  if (error instanceof InvalidRequestError)
    return `not sent, bad argument '${error.field}': ${error.message}`;
  if (error instanceof OwnerOnlyError) return `only the owner may do this (${error.status})`;
  if (error instanceof NotFoundError) return `not found: ${error.message}`;
  if (error instanceof APIError) return `${error.name} ${error.status}: ${error.message}`;
  if (error instanceof TimeoutError)
    return `no answer in time (may have been processed: ${error.mayHaveBeenProcessed})`;
  if (error instanceof ConnectionError)
    return `no connection (may have been processed: ${error.mayHaveBeenProcessed})`;
  if (error instanceof AbortError) return 'cancelled by the caller';
  throw error;
}

async function attempt(label: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
    console.log(`${label}: succeeded`);
  } catch (error) {
    console.log(`${label}: ${explain(error)}`);
  }
}

// Checked before anything is sent: a zero seat count and an empty plan list.
await attempt('preview with 0 seats', () =>
  client.checking.preview({ plans: ['team-per-seat'], team_seats: 0 }),
);
await attempt('seat with a bad email', () => client.seats.add(1, [{ email: 'not-an-email' }]));

// The service's answer, as a typed error with status, body and request id.
await attempt('unknown plan', () => client.plans.get('no-such-plan'));

// Nothing listens on port 2 here, so the connection is refused and nothing can have been sent: even
// a payment would be retried safely. seatpay retries twice (one log line each), then gives up.
const unreachable = createClient({ baseUrl: 'http://127.0.0.1:2', logger: console });
await attempt('unreachable host', () => unreachable.plans.get('team-per-seat'));

// Per-call options: a 1 ms timeout without retries, and a signal that is already aborted.
await attempt('1 ms timeout', () => client.subscriptions.list({ timeout: 1, maxRetries: 0 }));
await attempt('aborted call', () => client.subscriptions.list({ signal: AbortSignal.abort() }));
