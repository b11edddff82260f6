import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  InvalidRequestError,
  OwnerOnlyError,
  PermissionDeniedError,
  type BillingTeamPatch,
  type PurchaseOptions,
  type PurchaseStep,
  type SeatpayClient,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { PURCHASE_STEPS } from '../support/purchase-steps.js';

// The types say what the fields hold; here the simulator answers over loopback and each value is
// checked against its declared type, so a type that lies shows up as a failure.
let server: MockServer;
let owner: SeatpayClient;
let member: SeatpayClient;
/** Requests that reached the simulator, as "METHOD /path". */
let sent: string[];

const BUY: PurchaseOptions = {
  plan: 'team-per-seat',
  team_seats: 3,
  card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: 2030 },
  chosen_period: 'MONTH',
  pollInterval: 10,
  waitTimeout: 3_000,
};

beforeEach(async () => {
  server = await startMockServer({ port: 0, subscriptionDelayMs: 20, mediaProcessingDelayMs: 10 });
  sent = [];
  const options = {
    baseUrl: server.url,
    retryBaseDelay: 1,
    logLevel: 'off' as const,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    },
  };
  owner = createClient({ ...options, token: server.simulator.users.owner.token });
  member = createClient({ ...options, token: server.simulator.users.member.token });
});
afterEach(() => server.close());

describe('results hold what their types say', () => {
  it('purchase reports each step with the result its name promises', async () => {
    const steps: PurchaseStep[] = [];
    await owner.purchase({ ...BUY, onStep: (step) => steps.push(step) });

    expect(steps.map(({ step }) => step)).toEqual([...PURCHASE_STEPS]);
    for (const done of steps) {
      // Each branch reads fields only that step's result has: the union is narrowed by `step`.
      if (done.step === 'plan') expect(typeof done.result.price_per_month).toBe('string');
      if (done.step === 'existing') expect(done.result).toEqual([]);
      if (done.step === 'preview') expect(done.result.amount_per_month).toMatch(/^\d+\.\d\d$/);
      if (done.step === 'bag') expect(done.result.token).toMatch(/./);
      if (done.step === 'pay' && !(done.result instanceof Error)) {
        expect(done.result).toMatchObject({ status: 'FULFILLED', currency: { code: 'USD' } });
        expect(done.result.amount).toMatch(/^\d+\.\d\d$/);
      }
      if (done.step === 'wait') {
        expect(done.result).toMatchObject({ status: 'ACTIVE', pay_every_unit: 'MONTH' });
      }
      if (done.step === 'consumables') {
        expect(done.result.length).toBeGreaterThan(0);
        for (const item of done.result) expect(typeof item.service).toBe('string');
      }
    }
  });

  it('a consumable checkout resolves to its invoice', async () => {
    const { subscription } = await owner.purchase(BUY);
    const invoice = await owner.consumables.checkout({
      service: 'ai-credits',
      how_many: 10,
      subscription: subscription.id,
    });

    expect(invoice).toMatchObject({
      status: 'FULFILLED',
      invoice_kind: 'GENERAL',
      currency: { code: 'USD' },
      user: { id: server.simulator.users.owner.id },
    });
    expect(typeof invoice.id).toBe('number');
    expect(invoice.amount).toMatch(/^\d+\.\d\d$/);
    expect(invoice.paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('an upload resolves to a file whose status is a MediaFileStatus', async () => {
    const file = await owner.media.upload(new Uint8Array(2048), {
      operation_type: 'media',
      filename: 'notes.bin',
      mime: 'application/octet-stream',
    });

    expect(['TRANSFERRING', 'CREATED']).toContain(file.status);
    expect(typeof file.id).toBe('number');
  });
});

describe('errors and inputs as typed', () => {
  it("a seat holder's seat change is one error both an OwnerOnlyError and a PermissionDeniedError catch sees", async () => {
    const { subscription } = await owner.purchase(BUY);
    await owner.seats.add(subscription.id, [{ email: server.simulator.users.member.email }]);

    const caught: string[] = [];
    try {
      await member.seats.add(subscription.id, [{ email: 'eve@example.com' }]);
    } catch (error) {
      if (error instanceof PermissionDeniedError) caught.push(`permission denied ${error.status}`);
      if (error instanceof OwnerOnlyError) caught.push(error.name);
    }
    expect(caught).toEqual(['permission denied 403', 'OwnerOnlyError']);
  });

  it('an amount computed in floating point (0.1 + 0.2) is refused before anything is sent', async () => {
    const { subscription } = await owner.purchase(BUY);
    sent = [];

    const refused = await owner.billingTeam
      // @ts-expect-error a number is not a DecimalString: JavaScript callers meet the run-time check
      .update(subscription.id, { recharge_amount: 0.1 + 0.2 })
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'recharge_amount' });
    expect((refused as Error).message).toContain('pass a decimal string');
    expect(sent).toEqual([]);
  });

  it('an amount exact to the cent is sent as its shortest decimal, never with float noise', async () => {
    const { subscription } = await owner.purchase(BUY);
    // JavaScript callers may pass numbers exact to the cent (the types ask for decimal strings).
    const team = await owner.billingTeam.update(subscription.id, {
      recharge_amount: 0.3,
      recharge_threshold_amount: 1.1,
    } as unknown as BillingTeamPatch);

    expect(Number(team.recharge_amount)).toBe(0.3);
    expect(Number(team.recharge_threshold_amount)).toBe(1.1);
  });

  it('an expiry month that cannot be one is refused before anything is sent', async () => {
    const refused = await owner.card
      .register({ card_number: '4242424242424242', cvc: '123', exp_month: '13' })
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect((refused as InvalidRequestError).field).toBe('exp_month');
    expect(JSON.stringify(refused)).not.toContain('4242424242424242');
    expect(sent).toEqual([]);
  });
});
