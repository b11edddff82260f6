// A key is the caller's text, and may quote a secret (an order id built from the card number, a
// note's CVC, the token). The operation's span noted `seatpay.key` as it started, hidden through
// the secrets known then: the purchase's card is learned when it is sent, a provider's token when
// it is first asked, so the key reached the exporter whole. Checked with the real SDK's exporter.
import { describe, expect, it } from 'vitest';
import { createClient, memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { showsSecret } from '../support/secret-text.js';
import { useTelemetry } from './support/otel.js';
import { GOOD_CARD, teamPurchase } from '../support/team-purchase.js';

const otel = useTelemetry();
const PROVIDED = 'sp_live_5b7e2c9d1f4a48e6b3c0d7a2e9f1c4b8';

function setUp() {
  const simulator = createSimulator({ subscriptionDelayMs: 5 });
  const user = simulator.addUser({ email: 'key-attribute@example.com' });
  const clientOf = () =>
    createClient({
      baseUrl: 'http://simulator.test',
      token: () => Promise.resolve(PROVIDED),
      maxRetries: 0,
      logLevel: 'off',
      tracer: otel.tracer(),
      fetch: (input, init) => {
        const request = new Request(input, init);
        request.headers.set('authorization', `Bearer ${user.token}`);
        return simulator.handle(request);
      },
    });
  return { client: clientOf(), clientOf, simulator };
}

/** The `seatpay.key` of the one span named `name`. */
function keyOf(name: string): string {
  const spans = otel.spans().filter((span) => span.name === name);
  expect(spans).toHaveLength(1);
  return String(spans[0]!.attributes['seatpay.key']);
}

describe('a secret quoted in a key is hidden in the span', () => {
  it('the card number, in a purchase that fails before the card is sent', async () => {
    const { client, simulator } = setUp();
    const key = `order-${GOOD_CARD.card_number}`;
    const order = { ...teamPurchase(1), plan: 'no-such-plan', key, journal: memoryJournal() };
    await expect(client.purchase(order)).rejects.toMatchObject({ name: 'PurchaseError' });
    expect(simulator.charges).toHaveLength(0);
    const noted = keyOf('seatpay.purchase');
    expect(noted).toContain('order-');
    expect(showsSecret(noted, GOOD_CARD.card_number)).toBe(false);
    expect(showsSecret(await otel.text(), GOOD_CARD.card_number)).toBe(false);
  });

  it('the CVC, in a purchase that pays', async () => {
    const { client } = setUp();
    const key = `phone-order cvc ${GOOD_CARD.cvc}`;
    await client.purchase({ ...teamPurchase(1), key, journal: memoryJournal() });
    const noted = keyOf('seatpay.purchase');
    expect(noted).toContain('phone-order');
    expect(noted).not.toContain(GOOD_CARD.cvc);
  });

  it("a token provider's token, in a keyed checkout", async () => {
    const { client, clientOf } = setUp();
    const { subscription } = await client.purchase(teamPurchase(1));
    otel.spans().length = 0; // the exporter's own array: start afresh
    const key = `topup-${PROVIDED}`;
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id, key };
    // A fresh client (a worker's): its provider's token is first asked for by the checkout.
    await clientOf().consumables.checkout(order);
    const noted = keyOf('seatpay.checkout');
    expect(noted).toContain('topup-');
    expect(showsSecret(noted, PROVIDED)).toBe(false);
    expect(showsSecret(await otel.text(), PROVIDED)).toBe(false);
  });
});
