// purchase(), media.upload() and keyed checkouts as INTERNAL spans around their attempts, against
// the simulator on loopback, with the real OpenTelemetry SDK.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  PurchaseError,
  createClient,
  memoryJournal,
  type SeatpayClient,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { showsSecret } from '../support/secret-text.js';
import { memoryUploadStore } from '../upload/support/upload-kit.js';
import { idOf, parentOf, useTelemetry } from './support/otel.js';
import { PURCHASE_STEPS } from '../support/purchase-steps.js';
import { GOOD_CARD, PER_SEAT_PURCHASE } from '../support/team-purchase.js';

const otel = useTelemetry();
let server: MockServer;
let client: SeatpayClient;

beforeEach(async () => {
  server = await startMockServer({
    subscriptionDelayMs: 20,
    mediaProcessingDelayMs: 10,
    operationTypes: { tiny: { chunk_size: 100, max_chunks: null } },
  });
  client = createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
    tracer: otel.tracer(),
  });
});
afterEach(() => server.close());

/** The one span named `name`, and the CLIENT spans whose parent it is. */
function operation(name: string, spans: ReadableSpan[] = otel.spans()) {
  const found = spans.filter((span) => span.name === name);
  expect(found).toHaveLength(1);
  const span = found[0]!;
  const attempts = spans.filter((s) => parentOf(s) === idOf(span));
  return { span, attempts };
}

describe('purchase()', () => {
  it('is one INTERNAL span with its key, a step event each, and every attempt its child', async () => {
    await client.purchase({ ...PER_SEAT_PURCHASE, key: 'order-1' });
    const { span, attempts } = operation('seatpay.purchase');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes).toEqual({ 'seatpay.key': 'order-1', 'seatpay.replayed': false });
    expect(span.events.map((event) => event.attributes!['seatpay.step'])).toEqual([
      ...PURCHASE_STEPS,
    ]);
    expect(attempts.every((attempt) => attempt.kind === SpanKind.CLIENT)).toBe(true);
    expect(attempts.map((attempt) => attempt.name)).toContain('POST /v1/payments/pay');
    // Every attempt of the purchase is its child: none is left a root.
    const clients = otel.spans().filter((s) => s.kind === SpanKind.CLIENT);
    expect(attempts).toHaveLength(clients.length);
    const text = await otel.text();
    expect(showsSecret(text, GOOD_CARD.card_number)).toBe(false);
    expect(showsSecret(text, GOOD_CARD.cvc)).toBe(false);
  });

  it('failing after paying: ERROR, charged "yes", the step, the cause; a re-run is replayed', async () => {
    server.simulator.faults.inject({
      route: 'GET /v1/provisioning/me/consumables',
      kind: 'status',
      status: 403,
    });
    const journal = memoryJournal();
    const failed = await client
      .purchase({ ...PER_SEAT_PURCHASE, key: 'order-2', journal })
      .catch((e) => e);
    expect(failed).toBeInstanceOf(PurchaseError);
    const { span } = operation('seatpay.purchase');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes).toMatchObject({
      'seatpay.key': 'order-2',
      'seatpay.charged': 'yes',
      'seatpay.purchase.step': 'consumables',
      'error.type': 'PurchaseError',
    });
    const failedAttempt = otel
      .spans()
      .find((s) => s.attributes['http.response.status_code'] === 403);
    expect(failedAttempt!.attributes['error.type']).toBe('403');

    const before = otel.spans().length;
    await client.purchase({ ...PER_SEAT_PURCHASE, key: 'order-2', journal });
    const rerun = otel.spans().slice(before);
    const { span: replayed, attempts } = operation('seatpay.purchase', rerun);
    expect(replayed.attributes).toMatchObject({
      'seatpay.key': 'order-2',
      'seatpay.replayed': true,
    });
    expect(replayed.status.code).toBe(SpanStatusCode.UNSET);
    // Never paid again: the re-run only lists the consumables.
    expect(attempts.map((attempt) => attempt.name)).toEqual([
      'GET /v1/provisioning/me/consumables',
    ]);
  });
});

describe('consumables.checkout with a key', () => {
  it('carries the key; the second checkout is replayed and sends nothing', async () => {
    const { subscription } = await client.purchase(PER_SEAT_PURCHASE);
    otel.spans().length = 0; // the exporter's own array: start afresh
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id, key: 'k-1' };
    await client.consumables.checkout(order);
    await client.consumables.checkout(order);
    const checkouts = otel.spans().filter((span) => span.name === 'seatpay.checkout');
    expect(checkouts.map((span) => span.attributes)).toEqual([
      { 'seatpay.key': 'k-1', 'seatpay.replayed': false },
      { 'seatpay.key': 'k-1', 'seatpay.replayed': true },
    ]);
    const children = (span: ReadableSpan) =>
      otel
        .spans()
        .filter((s) => parentOf(s) === idOf(span))
        .map((s) => s.name);
    expect(children(checkouts[0]!)).toEqual(['POST /v2/payments/consumable/checkout']);
    expect(children(checkouts[1]!)).toEqual([]);
  });
});

describe('media.upload()', () => {
  const bytes = new Uint8Array(950).map((_, index) => index % 251);
  const file = () =>
    new File([bytes], 'clip.png', { type: 'image/png', lastModified: 1_700_000_000_000 });

  it('is one INTERNAL span with the size and chunk count, each chunk attempt its child', async () => {
    await client.media.upload(file(), { operation_type: 'tiny', concurrency: 3 });
    const { span, attempts } = operation('seatpay.upload');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes).toEqual({
      'seatpay.upload.size': 950,
      'seatpay.upload.chunks': 10,
      'seatpay.upload.resumed_chunks': 0,
    });
    const chunks = attempts.filter((a) => a.name === 'POST /v2/media/me/chunk');
    expect(chunks).toHaveLength(10);
    expect(attempts.map((a) => a.name)).toContain('POST /v2/media/me/chunk/upload');
  });

  it("a callback's own error, quoting the token, reaches the span's exception event without it", async () => {
    const token = server.simulator.users.owner.token;
    const failing = client.media.upload(file(), {
      operation_type: 'tiny',
      onProgress: () => {
        throw new Error(`dashboard refused ${token}`);
      },
    });
    await expect(failing).rejects.toThrow(/dashboard refused/);
    const { span } = operation('seatpay.upload');
    const exception = span.events.find((event) => event.name === 'exception')!;
    expect(exception.attributes!['exception.message']).toContain('dashboard refused');
    expect(await otel.text()).not.toContain(token);
  });

  it('resumed: the chunks already acknowledged are counted, only the rest are sent', async () => {
    const { store } = memoryUploadStore();
    const controller = new AbortController();
    let acknowledged = 0;
    const cut = client.media.upload(file(), {
      operation_type: 'tiny',
      concurrency: 1,
      resume: { store },
      signal: controller.signal,
      onChunk: () => void (++acknowledged === 4 && controller.abort()),
    });
    await expect(cut).rejects.toBeInstanceOf(AbortError);
    const first = operation('seatpay.upload').span;
    expect(first.status.code).toBe(SpanStatusCode.ERROR);
    expect(first.attributes['error.type']).toBe('AbortError');

    const before = otel.spans().length;
    await client.media.upload(file(), { operation_type: 'tiny', resume: { store } });
    const { span, attempts } = operation('seatpay.upload', otel.spans().slice(before));
    expect(span.attributes).toMatchObject({
      'seatpay.upload.chunks': 10,
      'seatpay.upload.resumed_chunks': 4,
    });
    expect(attempts.filter((a) => a.name === 'POST /v2/media/me/chunk')).toHaveLength(6);
  });
});
