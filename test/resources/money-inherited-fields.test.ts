import { expect, it } from 'vitest';
import { AbortError, createClient, InvalidRequestError, memoryJournal } from '../../src/index.js';

// review20a: fold20's wrapper copied a money call's order and options as their own fields only:
// an options object whose `signal` sat on its prototype (a class's getter, `Object.create`) lost
// it, and an aborted checkout, `pay.bag` or `consume` was sent; an order's inherited `key` was
// dropped, the order paid with no key. Inherited fields are read too (once), as a plain call reads
// its options; a class's methods are no fields and are not sent.

/** A client whose requests' bodies are kept (each answered as a checkout or a payment). */
function recordingClient() {
  const bodies: unknown[] = [];
  const client = createClient({
    baseUrl: 'https://api.example.test',
    token: 'sp_inherited_fields',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const text = await request.text();
      bodies.push(text ? JSON.parse(text) : undefined);
      return Response.json({ id: 1, status: 'ok', amount: '1.00' });
    },
  });
  return { client, bodies };
}

const aborted = () => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};
const order = { service: 'ai-credits', how_many: 2, subscription: 7 };
const bag = { token: 'bag-1', chosen_period: 'MONTH' as const };

it("an aborted signal on the options' prototype stops checkout, pay.bag and consume", async () => {
  const { client, bodies } = recordingClient();
  class CallOptions {
    get signal() {
      return aborted();
    }
  }
  const optionsOf = [() => Object.create({ signal: aborted() }) as object, () => new CallOptions()];
  for (const options of optionsOf) {
    for (const call of [
      () => client.consumables.checkout(order, options()),
      () => client.pay.bag(bag, options()),
      () => client.consumables.consume('ai-credits', options()),
    ]) {
      const refused = await call().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AbortError);
    }
  }
  expect(bodies).toHaveLength(0);
});

it("an order's inherited fields are sent, each getter read once; its methods are not", async () => {
  const { client, bodies } = recordingClient();
  let reads = 0;
  class Order {
    get service() {
      reads++;
      return 'ai-credits';
    }
    how_many = 2;
    subscription = 7;
    describe() {
      return 'two credits';
    }
  }
  await client.consumables.checkout(new Order() as never);
  await client.pay.bag(Object.create(bag) as typeof bag);
  expect(bodies).toEqual([order, bag]);
  expect(reads).toBe(1);
});

it("a keyed checkout's inherited key is recorded: the same order again buys nothing", async () => {
  const { client, bodies } = recordingClient();
  const journal = memoryJournal();
  const keyed = () => Object.assign(Object.create({ key: 'topup-7', journal }) as object, order);
  await client.consumables.checkout(keyed() as never);
  await client.consumables.checkout(keyed() as never);
  expect(bodies).toEqual([order]);
  expect(await journal.get('topup-7')).toMatchObject({
    stage: 'done',
    charged: 'yes',
    result: { id: 1, status: 'ok', amount: '1.00' },
  });
});

it('a misspelt field two prototypes down, under an empty one, is refused: nothing sent', async () => {
  // keyed22: the copy skips the prototype walk only when the chain holds nothing short of its
  // root; an empty prototype in between (a subclass adding no field) is walked on. Skipped, the
  // misspelt `subscriptoin` was dropped unseen and the order sent without its subscription.
  const { client, bodies } = recordingClient();
  class Base {
    get subscriptoin() {
      return 7;
    }
  }
  class Order extends Base {
    service = 'ai-credits';
    how_many = 2;
  }
  const refused = await client.consumables.checkout(new Order() as never).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ field: 'subscriptoin', mayHaveBeenProcessed: false });
  expect(bodies).toHaveLength(0);
});
