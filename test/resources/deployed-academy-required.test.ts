// redteam55: the deployed server requires `academy` in the body of a consumable checkout (400
// "Academy is required") and of a card (400 "Missing academy parameter"); the `Academy` header
// does not count. A checkout or a card with none was sent anyway, to be refused there. Refused now
// before anything is sent, naming the field, as a card lacking its expiry is.
import { expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { anyProfilePurchase, DATED_CARD } from '../support/team-purchase.js';
import { recordedOwners } from '../support/recorded-owner.js';

const ownerOf = recordedOwners();

function deployedClient() {
  return ownerOf('deployed', { subscriptionDelayMs: 10, client: { academy: 1 } });
}

const refusalOf = (call: () => Promise<unknown>) => call().catch((error: unknown) => error);

it('a checkout with no `academy` in its order: refused naming it, nothing sent', async () => {
  const { client, sent } = deployedClient();
  const refused = await refusalOf(() =>
    client.consumables.checkout({ service: 'ai-credits', how_many: 2 }),
  );
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ field: 'academy', mayHaveBeenProcessed: false });
  expect(String(refused)).toContain('academy: required');
  expect(sent).toEqual([]);
});

it('a card registered with no `academy`: refused naming it, nothing sent', async () => {
  const { client, sent } = deployedClient();
  const refused = await refusalOf(() => client.card.register(DATED_CARD));
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ field: 'academy', mayHaveBeenProcessed: false });
  expect(sent).toEqual([]);
});

it("with `academy` each goes through; a purchase's `academy` stands for its card's", async () => {
  const { client, sent } = deployedClient();
  await client.consumables.checkout({ service: 'ai-credits', how_many: 2, academy: 1 });
  await client.card.register({ ...DATED_CARD, academy: 1 });
  expect(sent).toEqual(['POST /v2/payments/consumable/checkout', 'POST /v1/payments/card']);
  await expect(client.purchase(anyProfilePurchase())).resolves.toMatchObject({
    payment: { status: 'FULFILLED' },
  });
});

// loose23: a purchase with no academy was told "card.academy" is required, as if only the card
// could carry it: the purchase's own `academy` (sent with its card) is the one to give.
it('a purchase with no `academy` anywhere: refused, told to give it to purchase, nothing sent', async () => {
  const { client, sent } = deployedClient();
  const { academy: _academy, ...noAcademy } = anyProfilePurchase();
  const refused = await refusalOf(() => client.purchase(noAcademy));
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ field: 'card.academy', mayHaveBeenProcessed: false });
  expect((refused as Error).message).toBe(
    "Invalid card.academy: required by this profile's server; give academy to purchase (or card.academy)",
  );
  expect(sent).toEqual([]);
});
