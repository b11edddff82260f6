// review21a: on the deployed profile a purchase whose card lacks `exp_month` or `exp_year` read the
// plan, made the preview and the bag, then was refused at the card step (404 "Missing card
// information"): nothing charged, but three requests made for an order that could not go through.
// The deployed server requires both on the card: refused now before the first request, naming
// the field. The spec's server does not require them: there the same card goes through.
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { anyProfilePurchase, DATED_CARD } from '../support/team-purchase.js';
import { watchedOwners } from '../support/watched-owner.js';

const ownerOf = watchedOwners();

const { exp_month: _month, ...noMonth } = DATED_CARD;
const { exp_year: _year, ...noYear } = DATED_CARD;

describe('a purchase whose card lacks its expiry', () => {
  it.each([
    ['exp_month', noMonth],
    ['exp_year', noYear],
  ])('profile deployed, no %s: refused before the first request', async (field, card) => {
    const { client, arrived } = await ownerOf('deployed');
    const error = await client
      .purchase(anyProfilePurchase({ card }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ field: `card.${field}`, mayHaveBeenProcessed: false });
    expect(arrived).toEqual([]);
  });

  it('card.register on the deployed profile is refused the same way, nothing sent', async () => {
    const { client, arrived } = await ownerOf('deployed');
    await expect(client.card.register({ ...noYear, academy: 1 })).rejects.toMatchObject({
      field: 'exp_year',
    });
    expect(arrived).toEqual([]);
  });

  it('profile spec: its server does not require the expiry, the purchase goes through', async () => {
    const { client } = await ownerOf('spec');
    await expect(client.purchase(anyProfilePurchase({ card: noYear }))).resolves.toMatchObject({
      payment: { status: 'FULFILLED' },
    });
  });
});
