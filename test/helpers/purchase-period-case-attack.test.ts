// redteam52: `purchase({ chosen_period: 'month' })`. The plan's check took it (the deployed server
// upper-cases the period), but a service that does not (SERVICE.md's, the simulator's on both
// profiles) refused it at the pay step, five requests in: the card was registered for a purchase
// that could not go through. A period of the four written in another case is refused now before
// the first request, saying what to give.
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, type ProfileName } from '../../src/index.js';
import { anyProfilePurchase } from '../support/team-purchase.js';
import { watchedOwners } from '../support/watched-owner.js';

const ownerOf = watchedOwners();

describe.each<ProfileName>(['spec', 'deployed'])('profile %s', (profile) => {
  it.each([
    ['month', 'MONTH'],
    ['Year', 'YEAR'],
    [' MONTH', 'MONTH'],
  ])('chosen_period %j: refused before the first request, naming %j', async (given, meant) => {
    const { client, arrived } = await ownerOf(profile);
    const error = await client
      .purchase(anyProfilePurchase({ chosen_period: given }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ field: 'chosen_period', mayHaveBeenProcessed: false });
    expect((error as Error).message).toContain(`give "${meant}"`);
    expect(arrived).toEqual([]);
  });

  it('the same period upper case goes through, its card registered once', async () => {
    const { client, arrived } = await ownerOf(profile);
    await expect(
      client.purchase(anyProfilePurchase({ chosen_period: 'YEAR' })),
    ).resolves.toMatchObject({ payment: { status: 'FULFILLED' } });
    expect(arrived.filter((route) => route.endsWith('/v1/payments/card'))).toHaveLength(1);
  });
});
