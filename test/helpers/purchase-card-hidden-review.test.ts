// review13b: redteam30 hid a purchase's card from its start (a signal's reason quoting it before
// the card step was printed). Tried here wherever else a caller's text may quote the card before
// or during the purchase: a signal fired (or already fired) with a reason quoting it, an onStep
// callback that throws quoting it, a keyed purchase's journal that throws quoting it. What a user
// sees is the rejection: its message, every cause's, JSON.stringify and util.inspect of it.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  SeatpayError,
  type PurchaseJournal,
  type PurchaseOptions,
  type PurchaseStepName,
} from '../../src/index.js';
import { mapJournal } from '../support/map-journal.js';
import { useMockServer } from '../support/mock-server.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';

const server = useMockServer({ subscriptionDelayMs: 30 });

const CARD = { card_number: '4242424242424242', cvc: '739' };
const QUOTE = `card ${CARD.card_number} cvc ${CARD.cvc}`;

/** What `purchase(options)` rejects with, as a user may print it: every way, every cause. */
async function printed(options: Partial<PurchaseOptions>): Promise<string> {
  const client = createClient({
    baseUrl: server().url,
    token: server().simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
  });
  const rejected: unknown = await client
    .purchase({ ...PER_SEAT_PURCHASE, card: CARD, ...options })
    .then(
      () => expect.fail('the purchase went through'),
      (error: unknown) => error,
    );
  expect(rejected).toBeInstanceOf(SeatpayError);
  const seen: string[] = [];
  for (let error: unknown = rejected; error instanceof Error; error = error.cause)
    seen.push(error.message, JSON.stringify(error));
  seen.push(inspect(rejected, { depth: 10 }));
  return seen.join('\n');
}

function expectNoCard(seen: string): void {
  expect(seen).not.toContain(CARD.card_number);
  expect(seen).not.toContain(`cvc ${CARD.cvc}`);
}

const STEPS: PurchaseStepName[] = ['plan', 'preview', 'bag', 'card', 'pay'];

describe('a purchase hides its card in what a caller gave it to say', () => {
  it.each(STEPS)('a signal fired after "%s" with a reason quoting it', async (step) => {
    const controller = new AbortController();
    const onStep = (done: { step: PurchaseStepName }) =>
      void (done.step === step && controller.abort(new Error(`gave up: ${QUOTE}`)));
    expectNoCard(await printed({ signal: controller.signal, onStep }));
  });

  it('a signal already fired, its reason quoting it', async () => {
    const signal = AbortSignal.abort(new Error(`gave up: ${QUOTE}`));
    expectNoCard(await printed({ signal }));
  });

  it('a card refused before anything is sent (a CVC of letters, a short number)', async () => {
    for (const card of [
      { card_number: CARD.card_number, cvc: `${CARD.cvc}x` },
      { card_number: CARD.card_number.slice(0, 11), cvc: CARD.cvc },
    ]) {
      const seen = await printed({ card });
      expect(seen).not.toContain(card.card_number);
      expect(seen).not.toContain(card.cvc);
    }
  });

  it.each(STEPS)('an onStep that throws quoting it after "%s"', async (step) => {
    const onStep = (done: { step: PurchaseStepName }) => {
      if (done.step === step) throw new Error(`audit refused ${QUOTE}`);
    };
    expectNoCard(await printed({ onStep }));
  });

  it.each(['claim', 'set', 'get'] as const)(
    "a keyed purchase whose journal's %s throws quoting it",
    async (method) => {
      const journal: PurchaseJournal = {
        ...mapJournal(),
        [method]: () => Promise.reject(new Error(`journal down while buying with ${QUOTE}`)),
      };
      expectNoCard(await printed({ key: `order-${method}`, journal }));
    },
  );
});
