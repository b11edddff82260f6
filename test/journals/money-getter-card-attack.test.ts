import { inspect } from 'node:util';
import { expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { countingClient } from '../support/counting-client.js';

// A getter of a checkout's or pay's order (or options) that threw quoting the card it sits next to
// (a shop's config object not set up yet) was refused with that error as its cause, printed as it
// was: purchase hides its own card first (review19a), but a checkout or pay.bag never saw one.
// The refusal hides every card number and labelled CVC its cause quotes, as the command does.
const ORDER = { service: 'ai-credits', how_many: 2, subscription: 101 };
const BAG = { token: 'bag_1', chosen_period: 'MONTH' as const };

function throwingAt<T extends object>(base: T, name: string, message: string): T {
  return Object.defineProperty({ ...base }, name, {
    enumerable: true,
    get() {
      throw new Error(message);
    },
  });
}

const QUOTES = [
  [
    'grouped',
    'card 4242 4242 4242 4242 cvc 123 not loaded yet',
    ['4242 4242 4242 4242', 'cvc 123'],
  ],
  [
    'run together',
    'order for 4111111111111111 (CVV: 9876) not loaded yet',
    ['4111111111111111', '9876'],
  ],
] as const;

for (const [form, message, secrets] of QUOTES) {
  for (const [name, call] of [
    [
      'a checkout',
      (c: ReturnType<typeof countingClient>['client']) =>
        c.consumables.checkout(throwingAt(ORDER, 'how_many', message)),
    ],
    [
      'a keyed checkout',
      (c: ReturnType<typeof countingClient>['client']) =>
        c.consumables.checkout(throwingAt({ ...ORDER, journal: memoryJournal() }, 'key', message)),
    ],
    [
      'pay.bag',
      (c: ReturnType<typeof countingClient>['client']) =>
        c.pay.bag(throwingAt(BAG, 'token', message)),
    ],
    [
      "consume's options",
      (c: ReturnType<typeof countingClient>['client']) =>
        c.consumables.consume('ai-credits', throwingAt({}, 'signal', message)),
    ],
  ] as const) {
    it(`${name} whose getter throws quoting a card (${form}): refused, the card hidden`, async () => {
      const { client, sent } = countingClient('tok_getter_card_9');
      const error = await call(client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      const printed = `${inspect(error, { depth: 9 })}\n${JSON.stringify(error)}\n${String(error)}`;
      expect(printed).toContain('not loaded yet'); // the cause is kept, its card hidden
      for (const secret of secrets) expect(printed).not.toContain(secret);
      expect(sent()).toBe(0);
    });
  }
}
