import { describe, expect, it } from 'vitest';
import { createClient, memoryJournal, SeatpayError } from '../../src/index.js';

// A money call read its order and request options several times (a check, then the copy sent, then
// the keyed checkout's chunk): a getter that throws only on a later read escaped raw from the
// chunk (a TypeError, no SeatpayError), and one that reads otherwise the second time (a Proxy, a
// lazy config) was checked as one thing and sent as another: a request option, nested options or
// an idempotency key that the check did not see went to the service in the order's body. Each
// argument is read once now, into the plain copy that the checks, the key and the request use.
const ORDER = { service: 'ai-credits', how_many: 2, subscription: 101 };
const BAG = { token: 'bag_1', chosen_period: 'MONTH' };

/** A client whose every request fails (503) and whose sent bodies are kept. */
function recordingClient() {
  const bodies: Record<string, unknown>[] = [];
  const client = createClient({
    baseUrl: 'http://service.test',
    token: 'tok_reads_once_5',
    maxRetries: 0,
    logLevel: 'off',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const text = await request.text();
      bodies.push(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      return Response.json({}, { status: 503 });
    },
  });
  return { client, bodies };
}

/** `base` with `name` a getter giving `values[n]` on its n-th read (the last after them), counted. */
function readsOtherwise<T extends object>(base: T, name: string, values: (() => unknown)[]) {
  const reads = { count: 0 };
  const object = Object.defineProperty({ ...base }, name, {
    enumerable: true,
    get() {
      const value = values[Math.min(reads.count++, values.length - 1)]!;
      return value();
    },
  });
  return { object, reads };
}

const throwing = () => {
  throw new TypeError('config not loaded yet');
};

async function settled(call: () => Promise<unknown>): Promise<unknown> {
  let started: Promise<unknown> | undefined;
  expect(() => (started = call())).not.toThrow();
  return started!.then(
    () => expect.unreachable('every request fails'),
    (e: unknown) => e,
  );
}

describe("a money call's arguments read once", () => {
  for (const later of [2, 3, 4, 5, 6]) {
    for (const option of ['signal', 'timeout', 'totalTimeout', 'maxRetries', 'headers']) {
      it(`a keyed checkout's options.${option} throwing on read ${later}: read once, a SeatpayError`, async () => {
        const { client, bodies } = recordingClient();
        const journal = memoryJournal();
        const values = [...Array.from({ length: later - 1 }, () => () => undefined), throwing];
        const { object: options, reads } = readsOtherwise({}, option, values);
        const error = await settled(() =>
          client.consumables.checkout({ ...ORDER, key: `k-${option}`, journal }, options),
        );
        expect(error).toBeInstanceOf(SeatpayError);
        expect(reads.count).toBe(1);
        expect(bodies).toHaveLength(1);
      });
    }
  }

  for (const [name, call] of [
    [
      'pay.bag',
      (c: ReturnType<typeof recordingClient>['client'], o: object) => c.pay.bag(BAG as never, o),
    ],
    [
      'consume',
      (c: ReturnType<typeof recordingClient>['client'], o: object) =>
        c.consumables.consume('ai-credits', o),
    ],
    [
      'an unkeyed checkout',
      (c: ReturnType<typeof recordingClient>['client'], o: object) =>
        c.consumables.checkout(ORDER, o),
    ],
  ] as const) {
    it(`${name}'s options.signal throwing on its second read: read once, sent once`, async () => {
      const { client, bodies } = recordingClient();
      const { object: options, reads } = readsOtherwise({}, 'signal', [() => undefined, throwing]);
      const error = await settled(() => call(client, options));
      expect(error).toBeInstanceOf(SeatpayError);
      expect(reads.count).toBe(1);
      expect(bodies).toHaveLength(1);
    });
  }

  for (const [field, later] of [
    ['timeout', () => 0],
    ['options', () => ({ key: 'pay-once' })],
    ['idempotencyKey', () => 'pay-once'],
    ['key', () => 'pay-once'],
  ] as const) {
    it(`pay.bag's params.${field} absent at the check, there when sent: not sent`, async () => {
      const { client, bodies } = recordingClient();
      const { object: params, reads } = readsOtherwise(BAG, field, [() => undefined, later]);
      await settled(() => client.pay.bag(params as never));
      expect(reads.count).toBe(1);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).not.toHaveProperty(field);
    });

    it(`an unkeyed checkout's order.${field} absent at the check, there when sent: not sent`, async () => {
      const { client, bodies } = recordingClient();
      const { object: order, reads } = readsOtherwise(ORDER, field, [() => undefined, later]);
      await settled(() => client.consumables.checkout(order));
      expect(reads.count).toBe(1);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).not.toHaveProperty(field);
    });
  }

  it("a keyed checkout's key giving another key each read: the key read once is recorded", async () => {
    const { client, bodies } = recordingClient();
    const journal = memoryJournal();
    let n = 0;
    const order = Object.defineProperty({ ...ORDER, journal }, 'key', {
      enumerable: true,
      get: () => `order-${++n}`,
    });
    await settled(() => client.consumables.checkout(order));
    expect(n).toBe(1);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('key');
    // Its 503 may have been processed: recorded as an unknown charge of this order, never freed.
    expect(await journal.get('order-1')).toMatchObject({
      kind: 'checkout',
      charged: 'unknown',
      params: ORDER,
    });
    expect(await journal.get('order-2')).toBeUndefined();
  });

  it('options as a Proxy whose keys grow an idempotency header after the check: refused or not sent', async () => {
    const { client, bodies } = recordingClient();
    let reads = 0;
    const options = new Proxy({} as Record<string, unknown>, {
      ownKeys: () => (reads++ === 0 ? [] : ['headers']),
      getOwnPropertyDescriptor: (_t, name) =>
        reads > 1 && name === 'headers'
          ? { value: { 'Idempotency-Key': 'pay-once' }, enumerable: true, configurable: true }
          : undefined,
      get: (_t, name) =>
        reads > 1 && name === 'headers' ? { 'Idempotency-Key': 'pay-once' } : undefined,
    });
    await settled(() => client.consumables.consume('ai-credits', options));
    expect(bodies).toHaveLength(1);
  });
});
