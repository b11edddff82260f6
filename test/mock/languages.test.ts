// The simulator answers its refusals in English or Spanish by Accept-Language, as the deployed
// server does, and the SDK gives a program the same code and class in both (issue 31). Every code
// is driven through an SDK call against the in-process simulator, in both profiles.
import { describe, expect, it } from 'vitest';
import {
  APIError,
  BillingPeriodLimitError,
  PaymentRequiredError,
  RechargeBudgetError,
  OwnerOnlyError,
  PermissionDeniedError,
  SeatsRefusedError,
  type SeatpayClient,
} from '../../src/index.js';
import { createSimulator, DECLINED_CARD_NUMBER } from '../../src/mock/index.js';
import { SPANISH } from '../../src/mock/core/language.js';
import { refusalCode } from '../../src/core/errors/refusal-codes.js';
import { inMemoryClient } from '../support/in-memory-client.js';

const LANGUAGES = {
  en: { header: 'en-US,en;q=0.9', pick: (en: string) => en },
  es: { header: 'es-ES,es;q=0.9,en;q=0.8', pick: (_en: string, es: string) => es },
} as const;
type Language = keyof typeof LANGUAGES;
type Profile = 'spec' | 'deployed';

const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' };

async function teamOf(profile: Profile, language: Language, seats = 1) {
  const simulator = createSimulator({ profile, subscriptionDelayMs: 0, billingTeamDelayMs: 0 });
  const clientOf = (token: string) =>
    inMemoryClient(simulator, token, {
      profile,
      headers: { 'accept-language': LANGUAGES[language].header },
    });
  const owner = clientOf(simulator.users.owner.token);
  const member = clientOf(simulator.users.member.token);
  const bought = await owner.purchase({
    plan: 'team-per-seat',
    team_seats: seats,
    card: CARD,
    chosen_period: 'MONTH',
    payment_method_id: 1,
    academy: 1,
    pollInterval: 1,
  });
  return { simulator, clientOf, owner, member, subscription: bought.subscription.id };
}

async function refusal(promise: Promise<unknown>): Promise<APIError | SeatsRefusedError> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as APIError,
  );
}

const cohort = (profile: Profile) => (profile === 'deployed' ? { cohort_id: 55 } : {});

describe.each(['spec', 'deployed'] as const)('profile %s', (profile) => {
  describe.each(['en', 'es'] as const)('answering in %s', (language) => {
    const say = LANGUAGES[language].pick;

    it('owner only, seats over the limit, a seat held twice, a plan without teams, an unknown subscription, a declined card', async () => {
      const { owner, member, simulator, subscription } = await teamOf(profile, language);

      const ownerOnly = await refusal(member.billingTeam.get(subscription));
      expect(ownerOnly).toBeInstanceOf(OwnerOnlyError);
      expect(ownerOnly).toBeInstanceOf(PermissionDeniedError);
      expect(ownerOnly).toMatchObject({ code: 'only-owner-allowed' });
      expect(ownerOnly.message).toContain(
        say('Only the owner can manage team', 'Solo el dueño puede gestionar el equipo'),
      );

      const emails = ['a@example.com', 'b@example.com', 'c@example.com'];
      const over = await refusal(
        owner.seats.add(
          subscription,
          emails.map((email) => ({ email, ...cohort(profile) })),
        ),
      );
      expect(over).toMatchObject({ code: 'seats-limit-exceeded' });
      expect(over.message).toContain(say('Seats limit exceeded', 'Límite de asientos excedido'));

      const twice = await refusal(
        owner.seats.add(subscription, [{ email: simulator.users.owner.email, ...cohort(profile) }]),
      );
      const code = twice instanceof SeatsRefusedError ? twice.refused[0]?.code : twice.code;
      expect(code).toBe('duplicate-team-seat');
      expect(twice.message).toContain(
        say('User already has a seat', 'El usuario ya tiene un asiento'),
      );

      const personal = await owner.plans.get('personal');
      const noTeams = await refusal(
        owner.checking.preview({ plans: [personal.id!], team_seats: 2, ...academyOf(profile) }),
      );
      expect(noTeams).toMatchObject({ code: 'plan-not-support-teams' });

      const unknown = await refusal(owner.billingTeam.get(99_999_999));
      expect(unknown).toMatchObject({ code: 'subscription-not-found' });

      await expectDeclined(owner, profile);
    });

    it.runIf(profile === 'deployed')(
      'deployed: a plan bought twice, seats below the current count',
      async () => {
        const { owner, subscription } = await teamOf(profile, language);
        const plan = await owner.plans.get('team-per-seat');
        const again = await refusal(
          owner.checking.preview({ plans: [plan.id!], team_seats: 1, academy: 1 }),
        );
        expect(again).toMatchObject({ code: 'plan-already-bought' });
        expect(again.message).toContain(
          say('You already have a subscription', 'Ya tienes una suscripción'),
        );
        const fewer = await refusal(
          owner.consumables.checkout({
            service: 'team-seat',
            how_many: 1,
            subscription,
            academy: 1,
          }),
        );
        expect(fewer).toMatchObject({ code: 'desired-seats-must-be-greater' });
      },
    );

    it.runIf(profile === 'spec')("spec: the owner's seat cannot be removed", async () => {
      const { owner, subscription } = await teamOf(profile, language);
      const seats = await owner.seats.list(subscription);
      const own = seats.find((seat) => seat.is_active)!;
      const removed = await refusal(owner.seats.remove(subscription, own.id!));
      expect(removed).toMatchObject({ code: 'owner-seat-cannot-be-changed' });
      expect(removed.message).toContain(
        say("The owner's seat cannot be removed", 'El asiento del dueño no se puede eliminar'),
      );
    });
  });
});

const academyOf = (profile: Profile) => (profile === 'deployed' ? { academy: 1 } : {});

/** A declined card is refused at the card (deployed) or at the pay: `card-error` either way. */
async function expectDeclined(owner: SeatpayClient, profile: Profile): Promise<void> {
  const plan = await owner.plans.get('personal');
  const bag = await owner.checking.bag({ plans: [plan.id!], ...academyOf(profile) });
  const card = { ...CARD, card_number: DECLINED_CARD_NUMBER, ...academyOf(profile) };
  const declined = await refusal(
    owner.card
      .register(card)
      .then(() =>
        owner.pay.bag({ token: bag.token, chosen_period: 'MONTH', payment_method_id: 1 }),
      ),
  );
  expect(declined).toMatchObject({ status: 402, code: 'card-error' });
}

describe.each(['en', 'es'] as const)('a consumption refused, answering in %s', (language) => {
  const say = LANGUAGES[language].pick;

  /** Draws units as the member until the simulator refuses, under SERVICE.md's caps. */
  async function refusedDraw(cap: `${number}`) {
    const { owner, member, simulator, subscription } = await teamOf('spec', language, 3);
    await owner.seats.add(subscription, [{ email: simulator.users.member.email }]);
    await owner.billingTeam.update(subscription, {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '5.00',
      recharge_amount: '10.00',
      max_monthly_spend: cap,
    });
    for (let draw = 0; draw < 40; draw += 1) {
      const error = await member.consumables.consume('ai-credits').then(
        () => undefined,
        (thrown: unknown) => thrown as APIError,
      );
      if (error) return error;
    }
    throw new Error('no draw was refused');
  }

  it('the period cap reached: BillingPeriodLimitError, billing-period-limit-reached', async () => {
    const error = await refusedDraw('10.00');
    expect(error).toBeInstanceOf(BillingPeriodLimitError);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error).toMatchObject({ status: 402, code: 'billing-period-limit-reached' });
    expect(error.message).toContain(
      say('Billing period limit reached', 'Límite del periodo de facturación alcanzado'),
    );
  });

  it('a recharge that would pass the cap: RechargeBudgetError, would-exceed-limit', async () => {
    const error = await refusedDraw('15.00');
    expect(error).toBeInstanceOf(RechargeBudgetError);
    expect(error).toMatchObject({ status: 402, code: 'would-exceed-limit' });
    expect(error.message).toContain(
      say('No budget available for recharge', 'No hay presupuesto disponible para la recarga'),
    );
  });

  it.each(['spec', 'deployed'] as const)(
    'no unit at all under %s: PaymentRequiredError, insufficient-credits',
    async (profile) => {
      const { simulator, clientOf } = await teamOf(profile, language);
      const outsider = simulator.addUser({ email: 'outsider@example.com' });
      const error = await refusal(clientOf(outsider.token).consumables.consume('ai-credits'));
      expect(error).toBeInstanceOf(PaymentRequiredError);
      expect(error).toMatchObject({ status: 402, code: 'insufficient-credits' });
      expect(error.message).toContain(say('', 'Créditos insuficientes'));
    },
  );
});

describe("the simulator's Spanish names the same refusal as its English", () => {
  it.each(SPANISH)('%s', (english, spanish) => {
    expect(refusalCode(spanish)).toBe(refusalCode(english));
  });

  it('every Spanish text but a plain not-found names a refusal', () => {
    const unnamed = SPANISH.filter(([english]) => refusalCode(english) === null).map(([e]) => e);
    expect(unnamed).toEqual(['Plan not found']);
  });
});
