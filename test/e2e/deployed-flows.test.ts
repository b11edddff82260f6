import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  BadRequestError,
  createClient,
  InvalidRequestError,
  PaymentRequiredError,
  PurchaseError,
  type ProfileName,
  type PurchaseOptions,
  type SeatpayClient,
  type Subscription,
} from '../../src/index.js';
import {
  DECLINED_CARD_NUMBER,
  startMockServer,
  type MockServer,
  type MockServerOptions,
} from '../../src/mock/index.js';
import { invoiceOf } from '../support/checkout-receipt.js';

// What the deployed server was seen doing (live-api.md, "Confirmed by running the server's code
// locally"), met by the same calling code on both profiles: where the servers differ, each test
// says what each answers.
const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' };
const SUBSCRIPTIONS = '/v1/payments/me/subscription';

let server: MockServer;
afterEach(() => server.close());

interface Setup {
  owner: SeatpayClient;
  member: SeatpayClient;
  /** Each answer to `GET me/subscription` the owner read, as JSON. */
  listings: { subscriptions: Subscription[] }[];
  /** Called after each listing the owner read. */
  onListing?: () => void;
}

async function setUp(profile: ProfileName, options: MockServerOptions = {}): Promise<Setup> {
  server = await startMockServer({
    subscriptionDelayMs: 20,
    billingTeamDelayMs: 40,
    mediaProcessingDelayMs: 10,
    profile,
    ...options,
  });
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === SUBSCRIPTIONS && response.ok) {
      setup.listings.push(await response.clone().json());
      setup.onListing?.();
    }
    return response;
  };
  const common = { baseUrl: server.url, profile, retryBaseDelay: 1, logLevel: 'off' as const };
  const { users } = server.simulator;
  const setup: Setup = {
    owner: createClient({ ...common, token: users.owner.token, fetch: recording }),
    member: createClient({ ...common, token: users.member.token }),
    listings: [],
  };
  return setup;
}

const order = (more: Partial<PurchaseOptions> = {}): PurchaseOptions => ({
  plan: 'team-per-seat',
  team_seats: 4,
  card: CARD,
  chosen_period: 'MONTH',
  payment_method_id: 1,
  academy: 1,
  pollInterval: 10,
  waitTimeout: 10_000,
  ...more,
});

/** Aborts once three listings showed a subscription without its billing team. */
function abortAfterThreeUnbuilt(setup: Setup): AbortSignal {
  const controller = new AbortController();
  setup.onListing = () => {
    const unbuilt = setup.listings.filter((listing) =>
      listing.subscriptions.some((s) => s.has_billing_team === false),
    );
    if (unbuilt.length >= 3) controller.abort();
  };
  return controller.signal;
}

const chargesOf = () => server.simulator.charges.map((charge) => charge.kind);

describe.each<ProfileName>(['spec', 'deployed'])(
  'profile %s: the deployed server, as seen',
  (profile) => {
    const deployed = profile === 'deployed';

    it('purchase() resolves once the billing team is built: the team answers at once', async () => {
      const { owner } = await setUp(profile);
      const { subscription, preview, bag, payment } = await owner.purchase(order());
      expect(payment).toMatchObject(invoiceOf(server.simulator.charges[0]));
      expect(chargesOf()).toEqual(['payment']);
      expect(subscription.has_billing_team).toBe(true);
      const team = await owner.billingTeam.get(subscription.id); // no 404: the race is waited out
      // The deployed server's owner seat is free: seats_limit = additional_seats + 1.
      expect([subscription.seats_limit, team.seats_limit]).toEqual(deployed ? [5, 5] : [4, 4]);
      // Amounts stay decimal strings, though the deployed server sends JSON numbers.
      expect([preview.amount_per_month, bag.amount_per_month]).toEqual(['119.99', '119.99']);
      // The deployed server re-prices the same preview bag (200) rather than making another.
      expect(bag.id === preview.id).toBe(deployed);
    });

    it('purchase() never resolves with a subscription whose billing team is not built', async () => {
      const setup = await setUp(profile, { billingTeamDelayMs: 3_600_000 });
      const signal = abortAfterThreeUnbuilt(setup);
      const failed = await setup.owner.purchase(order({ signal })).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(PurchaseError);
      expect(failed).toMatchObject({ step: 'wait', charged: 'yes', subscription: undefined });
      expect((failed as PurchaseError).cause).toBeInstanceOf(AbortError);
      expect(chargesOf()).toEqual(['payment']);
    });

    it('waitFor() passes over a team subscription until its billing team exists', async () => {
      const setup = await setUp(profile, { billingTeamDelayMs: 3_600_000 });
      await setup.owner.purchase(order({ waitTimeout: 1 })).catch(() => undefined);
      const signal = abortAfterThreeUnbuilt(setup);
      const waited = setup.owner.subscriptions.waitFor({ exclude: [], interval: 5, signal });
      await expect(waited).rejects.toBeInstanceOf(AbortError);
    });

    it('a declined card: PaymentRequiredError, and purchase() says nothing was charged', async () => {
      const { owner } = await setUp(profile);
      const card = { ...CARD, card_number: DECLINED_CARD_NUMBER };
      const failed = await owner.purchase(order({ card })).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(PurchaseError);
      // The deployed server asks the bank when the card is registered; SERVICE.md's, at pay.
      const step = deployed ? 'card' : 'pay';
      expect(failed).toMatchObject({ step, charged: 'no', mayHaveBeenProcessed: false });
      const cause = (failed as PurchaseError).cause;
      expect(cause).toBeInstanceOf(PaymentRequiredError);
      expect(cause).toMatchObject({ status: 402, message: expect.stringMatching(/Card declined/) });
      expect(chargesOf()).toEqual([]);
      const paid = await owner.purchase(order());
      expect(chargesOf()).toEqual(['payment']);
      expect(paid.payment).toMatchObject(invoiceOf(server.simulator.charges[0]));
    });

    it('the payment method: required by the deployed server on pay', async () => {
      const { owner } = await setUp(profile);
      const without = owner.purchase(order({ payment_method_id: undefined }));
      if (deployed) {
        const failed = await without.catch((error: unknown) => error);
        expect(failed).toMatchObject({ step: 'pay', charged: 'no' });
        expect((failed as PurchaseError).cause).toBeInstanceOf(BadRequestError);
        expect((failed as PurchaseError).cause).toMatchObject({
          message: expect.stringMatching(/Payment method is required/),
        });
      } else {
        await expect(without).resolves.toMatchObject({ subscription: { id: expect.any(Number) } });
      }
    });

    it('a plan already owned: refused at preview by the deployed server', async () => {
      const { owner } = await setUp(profile);
      await owner.purchase(order({ plan: 'personal', team_seats: undefined }));
      const again = owner.purchase(order({ plan: 'personal', team_seats: undefined }));
      if (deployed) {
        const failed = await again.catch((error: unknown) => error);
        expect(failed).toMatchObject({ step: 'preview', charged: 'no' });
        expect((failed as PurchaseError).cause).toMatchObject({
          status: 400,
          message: expect.stringMatching(/You already have a subscription to this plan/),
        });
      } else {
        await again;
      }
      expect(chargesOf()).toEqual(deployed ? ['payment'] : ['payment', 'payment']);
    });

    it('seats: an invite to a registered user comes back with user null on the deployed server', async () => {
      const { owner } = await setUp(profile);
      const { subscription } = await owner.purchase(order());
      const { member } = server.simulator.users;
      const [seat] = await owner.seats.add(subscription.id, [
        { email: member.email, cohort_id: 55 },
      ]);
      expect(seat?.user).toBe(deployed ? null : member.id);
    });

    it('seat checkout: how_many is the desired total on the deployed server, seats to add on spec', async () => {
      const { owner } = await setUp(profile);
      const { subscription } = await owner.purchase(order());
      const receipt = await owner.consumables.checkout({
        service: 'team-seat',
        how_many: deployed ? 6 : 2,
        subscription: subscription.id,
        academy: 1,
      });
      expect(receipt.amount).toEqual(deployed ? '30' : '30.00'); // a decimal string either way
      const team = await owner.billingTeam.get(subscription.id);
      expect(team.seats_limit).toBe(deployed ? 7 : 6);
    });

    it('consumable checkout by service id without a subscription: only the deployed server takes it', async () => {
      const { owner } = await setUp(profile);
      await owner.purchase(order());
      const checkout = owner.consumables.checkout({ service: 2, how_many: 5, academy: 1 });
      if (deployed) {
        const receipt = await checkout;
        expect(receipt.amount).toBe('4'); // 4.0 on the wire: 5 units less a bundle discount
        expect(receipt.standalone_consumables).toEqual([
          expect.objectContaining({ how_many: 5, service: expect.objectContaining({ id: 2 }) }),
        ]);
        expect(chargesOf()).toEqual(['payment', 'consumable-checkout']);
      } else {
        const error = await checkout.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect(error).toMatchObject({ field: 'subscription' });
        expect(chargesOf()).toEqual(['payment']);
      }
    });

    it('billingTeam.replace: partial on the deployed server ({} answers the team unchanged)', async () => {
      const { owner } = await setUp(profile);
      const { subscription } = await owner.purchase(order());
      const before = await owner.billingTeam.get(subscription.id);
      const empty = owner.billingTeam.replace(subscription.id, {});
      if (deployed) await expect(empty).resolves.toEqual(before);
      else await expect(empty).rejects.toMatchObject({ name: 'InvalidRequestError' });
      // @ts-expect-error a number is not a DecimalString: JavaScript callers meet the run-time check
      const negative = owner.billingTeam.replace(subscription.id, { recharge_amount: -1 });
      await expect(negative).rejects.toMatchObject({ field: 'recharge_amount' });
    });
  },
);
