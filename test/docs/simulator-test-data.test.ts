import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BillingPeriodLimitError,
  createClient,
  NotFoundError,
  PaymentRequiredError,
  type APIError,
} from '../../src/index.js';
import { createSimulator, DECLINED_CARD_NUMBER, seededRandom } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { repoRoot } from './support/readme-commands.js';

// docs/simulator.md's "Test data" table is what a new user reads to make the simulator refuse:
// each row is checked here against the simulator itself, so the page cannot drift from it.

const page = readFileSync(join(repoRoot, 'docs/simulator.md'), 'utf8');
const table = /^## Test data\n([\s\S]*?)(?=^## )/m.exec(page)?.[1] ?? '';
/** The table's row whose first cell is `what`, as one line of text. */
const row = (what: string) =>
  table
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' '))
    .find((line) => line.startsWith(`| ${what} |`)) ?? `(no row "${what}")`;

const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' };

function simulatorWith(profile: 'spec' | 'deployed', options: { language?: string } = {}) {
  const simulator = createSimulator({ profile, subscriptionDelayMs: 0, billingTeamDelayMs: 0 });
  const clientOf = (token: string) =>
    inMemoryClient(simulator, token, {
      profile,
      headers: options.language ? { 'accept-language': options.language } : {},
    });
  return { simulator, owner: clientOf(simulator.users.owner.token), clientOf };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as APIError,
  );

async function teamPlan(profile: 'spec' | 'deployed', language?: string, seats = 2) {
  const made = simulatorWith(profile, { language });
  const { subscription } = await made.owner.purchase({
    plan: 'team-per-seat',
    team_seats: seats,
    card: CARD,
    chosen_period: 'MONTH',
    academy: 1,
    payment_method_id: 1,
    pollInterval: 1,
  });
  return { ...made, subscription: subscription.id };
}

describe('docs/simulator.md, its test data', () => {
  it('has the rows a new user looks for', () => {
    for (const what of ['tokens', 'academy', 'plans', 'services', 'a declined card', 'Spanish'])
      expect(row(what)).toMatch(/^\| /);
  });

  it('tokens: new on every start, the same with a seed; an old one is refused', async () => {
    expect(row('tokens')).toMatch(/new on every start/);
    expect(row('tokens')).toMatch(/--seed/);
    const first = createSimulator({ subscriptionDelayMs: 0 });
    const second = createSimulator({ subscriptionDelayMs: 0 });
    expect(first.users.owner.token).not.toBe(second.users.owner.token);
    const seeded = (n: number) => createSimulator({ random: seededRandom(n) }).users.owner.token;
    expect(seeded(7)).toBe(seeded(7));
    const stale = createClient({
      baseUrl: 'http://simulator.test',
      token: first.users.owner.token,
      maxRetries: 0,
      logLevel: 'off',
      fetch: (input, init) => second.handle(new Request(input, init)),
    });
    expect(await refusal(stale.subscriptions.list())).toBeInstanceOf(AuthenticationError);
    for (const simulator of [first, second]) simulator.close();
  });

  it.each(['spec', 'deployed'] as const)(
    'plans, services and the academy, as listed (%s)',
    async (profile) => {
      const { simulator, owner } = simulatorWith(profile);
      for (const slug of ['team-per-seat', 'team-per-team', 'personal']) {
        expect(row('plans')).toContain(`\`${slug}\``);
        const plan = simulator.catalog[slug as keyof typeof simulator.catalog];
        expect(plan.price_per_month).not.toBeNull();
        expect(plan.price_per_year).not.toBeNull();
        expect((await owner.plans.get(slug)).slug).toBe(slug);
      }
      expect(row('plans')).toMatch(/`MONTH` and `YEAR`/);
      const services = new Set(
        Object.values(simulator.catalog).flatMap((plan) => [
          ...plan.service_items.map((item) => item.service.slug),
          ...(plan.seat_service_price ? [plan.seat_service_price.service.slug] : []),
        ]),
      );
      for (const slug of ['ai-credits', 'mentorship', 'live-classes', 'team-seat']) {
        expect(row('services')).toContain(`\`${slug}\``);
        expect(services).toContain(slug);
      }
      expect(row('academy')).toMatch(/id `1`, slug `seatpay-academy`/);
      const bought = await owner.purchase({
        plan: 'team-per-seat',
        team_seats: 2,
        card: CARD,
        chosen_period: 'MONTH',
        academy: 1,
        payment_method_id: 1,
        pollInterval: 1,
      });
      expect(bought.subscription.id).toBeGreaterThan(0);
      simulator.close();
    },
  );

  it.each(['spec', 'deployed'] as const)(
    'a declined card: 402 card-error, nothing charged (%s)',
    async (profile) => {
      expect(row('a declined card')).toContain(`\`${DECLINED_CARD_NUMBER}\``);
      const { simulator, owner } = simulatorWith(profile);
      const error = await refusal(
        owner.purchase({
          plan: 'team-per-seat',
          team_seats: 2,
          card: { ...CARD, card_number: DECLINED_CARD_NUMBER },
          chosen_period: 'MONTH',
          academy: 1,
          payment_method_id: 1,
          pollInterval: 1,
        }),
      );
      expect(error).toMatchObject({ charged: 'no' });
      const cause = (error as { cause?: unknown }).cause;
      expect(cause).toBeInstanceOf(PaymentRequiredError);
      expect(cause).toMatchObject({ status: 402, code: 'card-error' });
      expect(simulator.charges).toEqual([]);
      simulator.close();
    },
  );

  it.each(['spec', 'deployed'] as const)(
    'an unknown service, an unknown plan, a seat limit (%s)',
    async (profile) => {
      const { simulator, owner, subscription } = await teamPlan(profile);
      expect(row('an unknown service')).toMatch(
        /400 `BadRequestError`, `code: 'service-not-found'`/,
      );
      const unknownService = await refusal(
        owner.consumables.checkout({
          service: 'no-such-service',
          how_many: 1,
          subscription,
          academy: 1,
        }),
      );
      expect(unknownService).toMatchObject({ status: 400, code: 'service-not-found' });

      expect(row('an unknown plan')).toMatch(/404 `NotFoundError`/);
      expect(await refusal(owner.plans.get('no-such-plan'))).toBeInstanceOf(NotFoundError);

      expect(row('a seat limit')).toMatch(/code: 'seats-limit-exceeded'/);
      const emails = ['a', 'b', 'c'].map((name) => ({
        email: `${name}@example.com`,
        ...(profile === 'deployed' ? { cohort_id: 55 } : {}),
      }));
      const limit = await refusal(owner.seats.add(subscription, emails));
      const codes = [
        limit.code,
        ...((limit as { refused?: { code: string | null }[] }).refused ?? []).map((r) => r.code),
      ];
      expect(codes).toContain('seats-limit-exceeded');
      simulator.close();
    },
  );

  it('a spending cap: 402 billing-period-limit-reached, in Spanish when asked', async () => {
    expect(row('a spending cap (402)')).toMatch(/`max_monthly_spend: '10.00'`/);
    expect(row('Spanish')).toMatch(/'accept-language': 'es'/);
    const { simulator, owner, clientOf, subscription } = await teamPlan('spec', 'es', 3);
    await owner.seats.add(subscription, [{ email: simulator.users.member.email }]);
    await owner.billingTeam.update(subscription, {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '5.00',
      recharge_amount: '10.00',
      max_monthly_spend: '10.00',
    });
    const member = clientOf(simulator.users.member.token);
    let refused: APIError | undefined;
    for (let draw = 0; draw < 40 && !refused; draw += 1)
      refused = await member.consumables.consume('ai-credits').then(
        () => undefined,
        (error: unknown) => error as APIError,
      );
    expect(refused).toBeInstanceOf(BillingPeriodLimitError);
    expect(refused).toMatchObject({ status: 402, code: 'billing-period-limit-reached' });
    expect(refused!.message).toContain('Límite del periodo de facturación alcanzado');
    simulator.close();
  });
});
