import { inspect } from 'node:util';
import { expect, it } from 'vitest';
import { createClient, InvalidRequestError, memoryJournal } from '../../src/index.js';

// A purchase's order whose `key` getter throws (a config object not set up yet) quoting the card
// it sits next to: the refusal's cause carried the card number and CVC as they were, since the
// card was hidden only once the order's key had been read. Hidden now, in every printing.
const CARD = { card_number: '4111111111111111', cvc: '987', exp_month: '12', exp_year: '2030' };

it("a purchase's key getter that throws quoting the card: refused, the card hidden", async () => {
  let sent = 0;
  const client = createClient({
    baseUrl: 'http://service.test',
    token: 'tok_getter_card_3',
    logLevel: 'off',
    fetch: () => {
      sent++;
      return Promise.resolve(Response.json({}, { status: 503 }));
    },
  });
  const order = Object.defineProperty(
    { plan: 'team', team_seats: 2, chosen_period: 'MONTH', card: CARD, journal: memoryJournal() },
    'key',
    {
      enumerable: true,
      get() {
        throw new Error(`order for card ${CARD.card_number} (cvc ${CARD.cvc}) has no key yet`);
      },
    },
  );
  const error = await client.purchase(order as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidRequestError);
  const printed = `${inspect(error, { depth: 9 })}\n${JSON.stringify(error)}\n${String(error)}`;
  expect(printed).toContain('has no key yet'); // the cause is kept, its secrets hidden
  expect(printed).not.toContain(CARD.card_number);
  expect(printed).not.toContain(`cvc ${CARD.cvc}`);
  expect(sent).toBe(0);
});
