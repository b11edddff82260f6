import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  InvalidRequestError,
  OwnerOnlyError,
  spendingOf,
  type ProfileName,
  type PurchaseOptions,
  type SeatpayClient,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { invoiceOf } from '../support/checkout-receipt.js';

// The same calling code, end to end, against the simulator serving each profile. Only the fields
// the deployed server requires beyond SERVICE.md differ (README, "Profiles"), and they are sent to
// both: the spec server ignores what it does not know.
const EXTRAS = {
  card: { exp_month: '12', exp_year: '2035', academy: 1 },
  payment_method_id: 1,
  checkout: { academy: 1 },
  seat: { cohort_id: 55 },
};
const CARD = { card_number: '4242424242424242', cvc: '123', ...EXTRAS.card };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each<ProfileName>(['spec', 'deployed'])('profile %s, end to end', (profile) => {
  let server: MockServer;
  let owner: SeatpayClient;
  let member: SeatpayClient;
  let sent: string[];

  beforeEach(async () => {
    server = await startMockServer({
      subscriptionDelayMs: 20,
      billingTeamDelayMs: 20,
      mediaProcessingDelayMs: 10,
      profile,
    });
    sent = [];
    const recording: typeof fetch = (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(input, init);
    };
    const options = { baseUrl: server.url, profile, retryBaseDelay: 1, logLevel: 'off' as const };
    owner = createClient({
      ...options,
      token: server.simulator.users.owner.token,
      fetch: recording,
    });
    member = createClient({ ...options, token: server.simulator.users.member.token });
  });
  afterEach(() => server.close());

  const buy = (more: Partial<PurchaseOptions> = {}) =>
    owner.purchase({
      plan: 'team-per-seat',
      team_seats: 4,
      card: CARD,
      chosen_period: 'MONTH',
      payment_method_id: EXTRAS.payment_method_id,
      pollInterval: 10,
      waitTimeout: 5_000,
      ...more,
    });

  it('purchase: one charge, the new subscription and its consumables', async () => {
    const steps: string[] = [];
    const result = await buy({ onStep: ({ step }) => steps.push(step) });
    expect(steps).toContain('pay');
    // The deployed server does not count the owner's seat: seats_limit = additional_seats + 1.
    const seatsLimit = profile === 'deployed' ? 5 : 4;
    expect(result.subscription).toMatchObject({ id: expect.any(Number), seats_limit: seatsLimit });
    expect(result.consumables.length).toBeGreaterThan(0);
    expect(server.simulator.charges.map((charge) => charge.kind)).toEqual(['payment']);
    expect(result.payment).toMatchObject(invoiceOf(server.simulator.charges[0]));
  });

  it('seats: add, replace, remove; a member is refused with OwnerOnlyError', async () => {
    const { subscription } = await buy();
    const added = await owner.seats.add(subscription.id, [
      { email: 'ada@example.com', ...EXTRAS.seat },
      { email: 'bob@example.com', ...EXTRAS.seat },
    ]);
    expect(added.map((seat) => seat.email)).toEqual(['ada@example.com', 'bob@example.com']);
    await owner.seats.replace(subscription.id, [
      { from_email: 'bob@example.com', to_email: 'eve@example.com' },
    ]);
    const ada = added.find((seat) => seat.email === 'ada@example.com')!;
    await owner.seats.remove(subscription.id, ada.id);
    const active = (await owner.seats.list(subscription.id)).filter((seat) => seat.is_active);
    expect(active.map((seat) => seat.email)).toEqual(['owner@example.com', 'eve@example.com']);
    const refused = await member.seats
      .add(subscription.id, [{ email: 'mallory@example.com', ...EXTRAS.seat }])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OwnerOnlyError);
    expect((refused as OwnerOnlyError).status).toBe(403);
  });

  it('billing team: read, replace the settings, and read the spending', async () => {
    const { subscription } = await buy();
    const settings = {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '5.00',
      recharge_amount: '10.00',
      max_period_spend: '100.00',
    } as const;
    if (profile === 'deployed') {
      // That server fails every PUT holding a setting (HTML 500, team unchanged): refused unsent.
      const before = sent.length;
      const refused = await owner.billingTeam
        .replace(subscription.id, settings)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect((refused as Error).message).toMatch(/deployed server cannot change auto-recharge/);
      expect(sent.length).toBe(before);
      const read = await owner.billingTeam.get(subscription.id);
      expect(read).toMatchObject({ auto_recharge_enabled: false, max_period_spend: null });
      return;
    }
    const team = await owner.billingTeam.replace(subscription.id, settings);
    expect(team).toMatchObject({ auto_recharge_enabled: true, recharge_amount: '10.00' });
    const read = await owner.billingTeam.get(subscription.id);
    expect(spendingOf(read)).toEqual({ cap: '100.00', spent: '0' });
  });

  it('billingTeam.update works where the server has PATCH, and is refused unsent where not', async () => {
    const { subscription } = await buy();
    const before = sent.length;
    const update = owner.billingTeam.update(subscription.id, { auto_recharge_enabled: true });
    if (profile === 'spec') {
      await expect(update).resolves.toMatchObject({ auto_recharge_enabled: true });
      expect(sent.slice(before)).toEqual([
        `PATCH /v2/payments/subscription/${subscription.id}/billing-team`,
      ]);
    } else {
      const error = await update.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as Error).message).toMatch(/use billingTeam\.replace instead/);
      expect(sent.slice(before)).toEqual([]);
    }
  });

  it('consumables: list them, buy more, and see them', async () => {
    const { subscription } = await buy();
    const units = async () =>
      (await owner.consumables.items()).reduce((sum, item) => sum + item.how_many, 0);
    const before = await units();
    const listing = await owner.consumables.list();
    expect(listing).toHaveProperty('voids'); // the grouped shape, on both servers
    const invoice = await owner.consumables.checkout({
      service: 'ai-credits',
      how_many: 5,
      subscription: subscription.id,
      ...EXTRAS.checkout,
    });
    // The deployed server's academy takes a bundle discount off 5 units (20 %).
    expect(Number(invoice.amount)).toBe(profile === 'deployed' ? 4 : 5);
    expect(server.simulator.charges.map((charge) => charge.kind)).toEqual([
      'payment',
      'consumable-checkout',
    ]);
    expect((await units()) - before).toBe(5);
  });

  it('upload: the assembled file has the sha256 of the source', async () => {
    const source = new Uint8Array(5_000).map((_, i) => (i * 31) % 256);
    const file = await owner.media.upload(source, {
      operation_type: 'test-small',
      filename: 'notes.bin',
      mime: 'application/octet-stream',
      meta: { slug: 'notes', name: 'Notes', categories: ['docs'] },
    });
    expect(file.status).toBe('CREATED');
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(source));
  });
});
