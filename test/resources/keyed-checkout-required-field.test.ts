// review22: a keyed checkout lacking a field its profile's server requires (`academy` on the
// deployed server, redteam55; `subscription` under the spec) was refused before sending, but only
// after its key was claimed: the key recorded the refused order, and the order fixed under the
// same key was refused as another request (KeyReuseError: "use a new key"), though nothing had been
// sent. Refused now before the key is claimed, as a misspelt field is: the fixed order goes.
import { expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { recordedOwners } from '../support/recorded-owner.js';

const ownerOf = recordedOwners();

function clientOf(profile: 'deployed' | 'spec') {
  return ownerOf(profile, { subscriptionDelayMs: 10 });
}

it('deployed: a keyed checkout with no academy is refused, and the key then buys the fixed order', async () => {
  const { client, sent } = clientOf('deployed');
  const order = { service: 'ai-credits', how_many: 2, key: 'topup-1' };

  const refused = await client.consumables.checkout(order).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ field: 'academy', mayHaveBeenProcessed: false });
  expect(sent).toEqual([]);
  expect(await client.journal.list(), 'the key recorded').toEqual([]);

  await expect(client.consumables.checkout({ ...order, academy: 1 })).resolves.toBeDefined();
  expect(sent).toEqual(['POST /v2/payments/consumable/checkout']);
});
