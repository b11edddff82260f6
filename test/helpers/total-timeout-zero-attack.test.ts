// `totalTimeout: 0` is no time at all, as `timeout: 0` is (docs/retries.md): nothing is sent. Its
// timer of 0 ms fired only once the event loop turned, so a fetch that answers without a turn (an
// in-memory simulator, a cache, a service worker) had the call sent meanwhile: a plain call went
// out, and `purchase({ totalTimeout: 0 })` registered the card and paid, then said it ran out of
// time with the card charged.
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  memoryJournal,
  PurchaseError,
  TimeoutError,
  type SeatpayClient,
} from '../../src/index.js';
import { createSimulator, type Simulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { recordingInMemoryClient } from '../support/recording-in-memory-client.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';

/** A client of an in-memory simulator (no socket, no turn of the event loop), and what it sent. */
const recorded = (
  options: { totalTimeout?: number } = {},
  simulator: Simulator = createSimulator({ subscriptionDelayMs: 0 }),
) => recordingInMemoryClient(simulator, simulator.users.owner.token, options);

describe('totalTimeout: 0', () => {
  it('purchase(): rejects before its first step, nothing sent, nothing charged', async () => {
    const { client, sent } = recorded();
    const error = await client.purchase({ ...PER_SEAT_PURCHASE, totalTimeout: 0 }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(sent).toEqual([]);
    expect(error).toBeInstanceOf(PurchaseError);
    expect(error).toMatchObject({ charged: 'no', mayHaveBeenProcessed: false });
    expect((error as PurchaseError).cause).toBeInstanceOf(TimeoutError);
  });

  it.each([
    ['per call', {}, { totalTimeout: 0 }],
    ['the client option', { totalTimeout: 0 }, {}],
  ])(
    'a money call (%s): TimeoutError, nothing sent',
    async (_label, clientOptions, callOptions) => {
      const { client, sent } = recorded(clientOptions);
      const paying = client.pay.bag({ token: 'bag-token', chosen_period: 'MONTH' }, callOptions);
      await expect(paying).rejects.toBeInstanceOf(TimeoutError);
      await expect(paying).rejects.toMatchObject({ mayHaveBeenProcessed: false });
      // It said "No answer from POST .../pay", as if the payment went out and its answer was lost.
      await expect(paying).rejects.toThrow(
        /^Nothing was sent to POST \S+\/v1\/payments\/pay within its totalTimeout of 0 ms/,
      );
      expect(sent).toEqual([]);
    },
  );

  it('media.upload under the client option: TimeoutError saying nothing was sent, nothing sent', async () => {
    const { client, sent } = recorded({ totalTimeout: 0 });
    const uploading = client.media.upload(new Blob([new Uint8Array(16)]), {
      operation_type: 'small',
      filename: 'a.gif',
      mime: 'image/gif',
    });
    await expect(uploading).rejects.toBeInstanceOf(TimeoutError);
    await expect(uploading).rejects.toThrow(/^Nothing was sent to GET /);
    await expect(uploading).rejects.toMatchObject({ mayHaveBeenProcessed: false });
    expect(sent).toEqual([]);
  });
});

// A wait under the client's `totalTimeout: 0`: every poll failed unsent, taken for a transient
// failure, and the wait went on sending nothing until its own timeout, then said "No new
// subscription appeared within 100 ms" (the default: two minutes), as if it had looked.
describe('the waits under the client option totalTimeout: 0', () => {
  it('subscriptions.waitFor: TimeoutError at once, saying nothing was sent and what to change', async () => {
    const { client, sent } = recorded({ totalTimeout: 0 });
    const waiting = client.subscriptions.waitFor({ exclude: [], timeout: 100, interval: 10 });
    await expect(waiting).rejects.toBeInstanceOf(TimeoutError);
    await expect(waiting).rejects.toThrow(
      /^Nothing was sent: the client's totalTimeout of 0 ms leaves waitFor no time for a poll \(create the client with a totalTimeout above 0/,
    );
    await expect(waiting).rejects.toMatchObject({ mayHaveBeenProcessed: false });
    expect(sent).toEqual([]);
  });

  it('a keyed purchase resumed at its paid wait: says nothing was sent, and to run it again', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 60_000 });
    const journal = memoryJournal();
    const purchase = { ...PER_SEAT_PURCHASE, key: 'order-1', journal };
    const first = inMemoryClient(simulator, simulator.users.owner.token);
    // Paid; its subscription comes a minute later (no wait at all here).
    await expect(first.purchase({ ...purchase, waitTimeout: 0 })).rejects.toMatchObject({
      charged: 'yes',
    });
    const { client, sent } = recorded({ totalTimeout: 0 }, simulator);
    const error = await client.purchase({ ...purchase, waitTimeout: 100, pollInterval: 10 }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(sent).toEqual([]);
    expect(error).toBeInstanceOf(PurchaseError);
    expect(error).toMatchObject({ charged: 'yes', step: 'wait' });
    expect((error as PurchaseError).cause).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(
      /^Purchase failed at step "wait" \(the card WAS charged\): Nothing was sent: the client's totalTimeout of 0 ms .*\. Do not buy again: run the purchase again with the key "order-1"/,
    );
  });
});

describe('the waits under a signal aborted before they began', () => {
  it.each([
    [
      'subscriptions.waitFor',
      (client: SeatpayClient, signal: AbortSignal) =>
        client.subscriptions.waitFor({ exclude: [], signal }),
    ],
    [
      'purchase',
      (client: SeatpayClient, signal: AbortSignal) =>
        client.purchase({ ...PER_SEAT_PURCHASE, signal }),
    ],
  ])(
    '%s: AbortError saying nothing was sent (it said "The operation was aborted")',
    async (_name, wait) => {
      const { client, sent } = recorded();
      const waiting = wait(client, AbortSignal.abort(new Error('left the page')));
      await expect(waiting).rejects.toBeInstanceOf(AbortError);
      await expect(waiting).rejects.toThrow(/^Nothing was sent: the caller's signal was aborted/);
      expect(sent).toEqual([]);
    },
  );
});
