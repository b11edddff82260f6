// `totalTimeout: 0` is no time at all, as `timeout: 0` is (docs/retries.md): nothing is sent. Its
// timer of 0 ms fired only once the event loop turned, so a fetch that answers without a turn (an
// in-memory simulator, a cache, a service worker) had the call sent meanwhile: a plain call went
// out, and `purchase({ totalTimeout: 0 })` registered the card and paid, then said it ran out of
// time with the card charged.
import { describe, expect, it } from 'vitest';
import { PurchaseError, TimeoutError } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';

/** A client of an in-memory simulator (no socket, no turn of the event loop), and what it sent. */
function recorded(options: { totalTimeout?: number } = {}) {
  const simulator = createSimulator({ subscriptionDelayMs: 0 });
  const sent: string[] = [];
  const client = inMemoryClient(simulator, simulator.users.owner.token, {
    ...options,
    fetch: (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return simulator.handle(request);
    },
  });
  return { client, sent };
}

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
