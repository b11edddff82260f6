// What a program catching purchase()'s error can branch on, on both profiles of the simulator:
// the service's refusal code on the PurchaseError itself (as on a call's APIError), and a billing
// period the plan does not sell refused once the plan is read, before the card or anything that
// costs is sent.
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, PurchaseError, type ProfileName } from '../../src/index.js';
import { DECLINED_CARD_NUMBER } from '../../src/mock/index.js';
import { anyProfilePurchase, DATED_CARD } from '../support/team-purchase.js';
import { watchedOwners } from '../support/watched-owner.js';

const ownerOf = watchedOwners();

describe.each<ProfileName>(['spec', 'deployed'])('profile %s', (profile) => {
  it("a declined card: the PurchaseError's own code is 'card-error'", async () => {
    const { client, charges } = await ownerOf(profile);
    const card = { ...DATED_CARD, card_number: DECLINED_CARD_NUMBER };
    const error = await client
      .purchase(anyProfilePurchase({ card }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PurchaseError);
    expect(error).toMatchObject({ code: 'card-error', charged: 'no' });
    expect((error as PurchaseError).code).toBe((error as { cause: { code: unknown } }).cause.code);
    expect(charges()).toBe(0);
  });

  it('a failure that names no refusal has code null', async () => {
    const { client } = await ownerOf(profile);
    const error = await client
      .purchase(anyProfilePurchase({ plan: 'no-such-plan' }))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ step: 'plan', code: null });
  });

  it.each(['MONTHLY', 'QUARTER'])(
    'chosen_period %j, which the plan does not sell: refused after reading the plan, nothing else sent',
    async (period) => {
      const { client, arrived, charges } = await ownerOf(profile);
      const error = await client
        .purchase(anyProfilePurchase({ chosen_period: period }))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PurchaseError);
      expect(error).toMatchObject({ step: 'plan', charged: 'no', mayHaveBeenProcessed: false });
      const cause = (error as PurchaseError).cause;
      expect(cause).toBeInstanceOf(InvalidRequestError);
      expect(cause).toMatchObject({ field: 'chosen_period' });
      expect((error as Error).message).toMatch(/sold by MONTH or YEAR/);
      expect(arrived).toEqual(['GET /v1/payments/plan/team-per-seat']);
      expect(charges()).toBe(0);
    },
  );

  it('a period the plan sells goes through: YEAR', async () => {
    const { client, arrived } = await ownerOf(profile);
    await expect(
      client.purchase(anyProfilePurchase({ chosen_period: 'YEAR' })),
    ).resolves.toMatchObject({
      payment: expect.anything(),
    });
    expect(arrived.filter((route) => route === 'POST /v1/payments/pay')).toHaveLength(1);
  });
});
