/* global Blob, crypto */
// The flow every runtime runs against the simulator, with the seatpay module that runtime loaded
// (passed in, so each runner imports it its own way: ESM, a bundle, a worker). Plain JavaScript
// with web APIs only: it runs unchanged in Node, Bun, Deno, workerd, the edge runtime and Chromium.
// It returns what it saw, as JSON; test/ecosystem/runtimes.full.test.ts checks it against the
// simulator's own records.

/**
 * @typedef {object} FlowConfig
 * @property {string} baseUrl The simulator.
 * @property {string} token The owner's token.
 * @property {string} member A member's email, to add as a seat.
 * @property {string} redirectUrl A server that answers every request with a 307 to elsewhere.
 */

/** The simulator's small operation type: 1 KiB chunks, so 2.5 KiB is a 3-chunk upload. */
const OPERATION_TYPE = 'test-small';
const UPLOAD_BYTES = 2560;

/**
 * @param {typeof import('seatpay')} seatpay
 * @param {FlowConfig} config
 */
export async function runFlow(seatpay, config) {
  // Every option given, as a careful user on a locked-down runtime would: nothing is read from
  // the environment (Deno without --allow-env would refuse the read).
  // Traced by a tiny hand-written tracer: the observer is a chunk of its own, which every
  // runtime and bundler must load on first use.
  const tracer = recordingTracer();
  const client = seatpay.createClient({
    baseUrl: config.baseUrl,
    token: config.token,
    logLevel: 'off',
    maxRetries: 2,
    tracer,
  });
  // And only what must be given: an unset logLevel may be looked up in the environment, where a
  // refused read (Deno's NotCapable) counts as unset.
  const minimal = seatpay.createClient({ baseUrl: config.baseUrl, token: config.token });
  const plan = await minimal.plans.get('team-per-seat');
  const preview = await client.checking.preview({ plans: [plan.id], team_seats: 3 });
  const steps = [];
  const bought = await client.purchase({
    plan: 'team-per-seat',
    team_seats: 3,
    card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' },
    chosen_period: 'MONTH',
    pollInterval: 20,
    onStep: ({ step }) => steps.push(step),
  });
  const subscriptionId = bought.subscription.id;
  await client.seats.add(subscriptionId, [{ email: config.member }]);
  const seats = await client.seats.list(subscriptionId);
  const checkout = await client.consumables.checkout({
    service: 'ai-credits',
    how_many: 2,
    subscription: subscriptionId,
  });
  const bytes = patternBytes(UPLOAD_BYTES);
  const fromBlob = await upload(
    client,
    new Blob([bytes], { type: 'application/octet-stream' }),
    'blob.bin',
  );
  const fromArray = await upload(client, bytes, 'array.bin');
  return {
    plan: { id: plan.id, slug: plan.slug },
    previewAmount: preview.amount_per_month ?? null,
    steps,
    subscription: { id: subscriptionId, seats_limit: bought.subscription.seats_limit },
    payment: bought.payment ? { id: bought.payment.id, amount: bought.payment.amount } : null,
    seats: seats.filter((seat) => seat.is_active).map((seat) => seat.email),
    checkoutAmount: checkout.amount ?? null,
    uploads: { blob: fromBlob, array: fromArray, sha256: await sha256(bytes) },
    badToken: await errorOf(seatpay, () =>
      client.withOptions({ token: 'not-a-token' }).plans.get('team-per-seat'),
    ),
    redirect: await errorOf(seatpay, () =>
      client.withOptions({ baseUrl: config.redirectUrl }).plans.get('team-per-seat'),
    ),
    spans: tracer.spans,
  };
}

/**
 * The `startActiveSpan` of an OpenTelemetry Tracer, recording each span as it ends: its name,
 * kind, attributes, events, status. (No context manager here: it cannot tell parents.)
 */
function recordingTracer() {
  const spans = [];
  return {
    spans,
    startActiveSpan(name, options, fn) {
      const span = { name, kind: options.kind, attributes: { ...options.attributes }, events: [] };
      return fn({
        setAttribute: (key, value) => void (span.attributes[key] = value),
        addEvent: (event, attributes) => void span.events.push({ name: event, attributes }),
        setStatus: (status) => void (span.status = status.code),
        end: () => void spans.push(span),
      });
    },
  };
}

/** Uploads `source` in 1 KiB chunks; what the client reported, chunk by chunk. */
async function upload(client, source, filename) {
  const chunks = [];
  const stored = await client.media.upload(source, {
    operation_type: OPERATION_TYPE,
    filename,
    onChunk: (_record, chunk) => chunks.push([chunk.start, chunk.end]),
  });
  chunks.sort((a, b) => a[0] - b[0]);
  return { fileId: stored.id, chunks };
}

/** The name of the error `call` rejects with, and which seatpay classes it is an instance of. */
async function errorOf(seatpay, call) {
  try {
    await call();
    return { resolved: true };
  } catch (error) {
    const classes = Object.keys(seatpay).filter(
      (name) =>
        /Error$/.test(name) &&
        typeof seatpay[name] === 'function' &&
        error instanceof seatpay[name],
    );
    return {
      name: error?.name,
      status: error?.status ?? null,
      classes: classes.sort(),
      message: String(error?.message),
    };
  }
}

/** The same bytes in every runtime. */
function patternBytes(length) {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) bytes[index] = (index * 31 + 7) & 0xff;
  return bytes;
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
