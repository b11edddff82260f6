// The public types, pinned: run by vitest's typecheck (vitest.config.ts), so a type that widens to
// `unknown`, loses its literals or stops matching its schema fails `npm test`. Results are read
// from `await`ed calls, so the pins hold whatever promise type the methods return.
import { describe, expectTypeOf, it } from 'vitest';
import {
  APIError,
  APIPromise,
  BadRequestError,
  BillingPeriodLimitError,
  createClient,
  memoryJournal,
  OwnerOnlyError,
  PaymentRequiredError,
  PermissionDeniedError,
  RechargeBudgetError,
  SeatpayError,
  SubscriptionTimeoutError,
  type Bag,
  type SeatRefusal,
  type JournalRecord,
  type PurchaseJournal,
  type BillingTeam,
  type BillingTeamPatch,
  type BillingTeamReplace,
  type CardParams,
  type CheckingParams,
  type CheckoutParams,
  type ChunkParams,
  type CardResult,
  type Checking,
  type CheckoutResult,
  type ChosenPeriod,
  type Consumable,
  type Currency,
  type DecimalString,
  type FinalizeParams,
  type Invoice,
  type InvoiceStatus,
  type MediaFile,
  type MediaFileStatus,
  type MediaMeta,
  type PayParams,
  type Payment,
  type PeriodUnit,
  type Plan,
  type PurchaseOptions,
  type PurchaseStep,
  type PurchaseStepName,
  type Seat,
  type SeatInput,
  type SeatReplacement,
  type Subscription,
  type SubscriptionList,
  type UploadOptions,
} from '../../src/index.js';
import type { PostgresJournal } from '../../src/postgres.js';

const client = createClient({ baseUrl: 'https://api.example.com', token: 'token' });
type StepResult<Name extends PurchaseStepName> = Extract<PurchaseStep, { step: Name }>['result'];

describe('results of the calls users make', () => {
  it('the payment flow', async () => {
    const plan = await client.plans.get('team-per-seat');
    expectTypeOf(plan).toEqualTypeOf<Plan>();
    expectTypeOf(plan.price_per_month).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(plan.currency).toEqualTypeOf<Currency | null | undefined>();
    // Loose objects: a field the service adds later is there, as unknown.
    expectTypeOf(plan['added_later']).toEqualTypeOf<unknown>();

    const bag = await client.checking.bag({ plans: [1], team_seats: 3 });
    expectTypeOf(bag.token).toEqualTypeOf<string>();
    const payment = await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
    expectTypeOf(payment).toEqualTypeOf<Payment>();
    expectTypeOf(payment).toMatchTypeOf<Invoice>();
    expectTypeOf(payment.amount).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(payment.status).toEqualTypeOf<InvoiceStatus | undefined>();
    expectTypeOf(payment.currency).toEqualTypeOf<Currency | null | undefined>();
  });

  it('consumables: the service of each item, the invoice of a checkout', async () => {
    const items = await client.consumables.items();
    expectTypeOf(items).toEqualTypeOf<Consumable[]>();
    expectTypeOf(items[0]!.service).toEqualTypeOf<string | undefined>();
    expectTypeOf(items[0]!.how_many).toEqualTypeOf<number>();
    expectTypeOf(items[0]!.subscription).toEqualTypeOf<number | null | undefined>();

    const receipt = await client.consumables.checkout({
      service: 'ai-credits',
      how_many: 10,
      subscription: 1,
    });
    expectTypeOf(receipt).toEqualTypeOf<CheckoutResult>();
    expectTypeOf(receipt.id).toEqualTypeOf<number | undefined>();
    expectTypeOf(receipt.amount).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(receipt.currency).toEqualTypeOf<Currency | null | undefined>();
    expectTypeOf(receipt.paid_at).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(receipt.status).toEqualTypeOf<InvoiceStatus | undefined>();
    expectTypeOf(receipt.user).exclude<null | undefined>().toHaveProperty('email');
    const units = receipt.standalone_consumables?.[0];
    expectTypeOf(units?.how_many).toEqualTypeOf<number | undefined>();
  });

  it('the deployed profile: checkout by id, a partial replace, payment_method_id and academy', async () => {
    await client.consumables.checkout({ service: 2, how_many: 5, academy: 1 });
    await client.billingTeam.replace(1, {});
    await client.pay.bag({ token: 't', chosen_period: 'MONTH', payment_method_id: 3 });
    // @ts-expect-error: a payment method is an id
    await client.pay.bag({ token: 't', chosen_period: 'MONTH', payment_method_id: 'card' });
    const card = { card_number: '4242424242424242', cvc: '123' };
    const order = { plan: 'p', card, chosen_period: 'MONTH' as const };
    await client.purchase({ ...order, payment_method_id: 3, academy: 'downtown-miami' });
    // @ts-expect-error: an academy is an id or a slug
    await client.purchase({ ...order, academy: { id: 1 } });
    expectTypeOf<PaymentRequiredError>().toExtend<APIError>();
  });

  it('a keyed checkout takes a string key and a journal, and resolves to the same result', async () => {
    const keyed = await client.consumables.checkout({
      service: 'ai-credits',
      how_many: 10,
      subscription: 1,
      key: 'topup-1',
      journal: memoryJournal(),
    });
    expectTypeOf(keyed).toEqualTypeOf<CheckoutResult>();
    // @ts-expect-error a key is a string
    void client.consumables.checkout({ service: 'a', how_many: 1, subscription: 1, key: 7 });
    const journal: PurchaseJournal = memoryJournal();
    const record = await journal.get('topup-1');
    if (record?.kind === 'checkout')
      expectTypeOf(record.result).toEqualTypeOf<CheckoutResult | undefined>();
    expectTypeOf(record).toEqualTypeOf<JournalRecord | undefined>();
  });

  it("a journal's clock gives ms or a Date, as docs/journals.md says (loose14b)", () => {
    const dated: PurchaseJournal = { ...memoryJournal(), now: () => new Date() };
    const ms: PurchaseJournal = { ...memoryJournal(), now: () => Date.now() };
    expectTypeOf(dated.now).toEqualTypeOf(ms.now);
    expectTypeOf<ReturnType<NonNullable<PurchaseJournal['now']>>>().toEqualTypeOf<number | Date>();
    // @ts-expect-error a string is no time
    void ({ ...memoryJournal(), now: () => '2026-11-30' } satisfies PurchaseJournal);
    // postgresJournal's is the database's clock, always ms: read as a number.
    expectTypeOf<ReturnType<PostgresJournal['now']>>().toEqualTypeOf<number>();
  });

  it('every call is an APIPromise of its result, with the response beside it', async () => {
    const checkout = client.consumables.checkout({
      service: 'ai-credits',
      how_many: 1,
      subscription: 1,
    });
    expectTypeOf(checkout).toEqualTypeOf<APIPromise<CheckoutResult>>();
    const { data, requestId } = await checkout.withResponse();
    expectTypeOf(data).toEqualTypeOf<CheckoutResult>();
    expectTypeOf(requestId).toEqualTypeOf<string | null>();
  });

  it('subscriptions, teams and seats', async () => {
    const listing = await client.subscriptions.list();
    expectTypeOf(listing).toEqualTypeOf<SubscriptionList>();
    const sub = listing.subscriptions[0]!;
    expectTypeOf(sub).toEqualTypeOf<Subscription>();
    expectTypeOf(sub.id).toEqualTypeOf<number>();
    expectTypeOf(sub.pay_every_unit).toEqualTypeOf<PeriodUnit | undefined>();
    expectTypeOf(sub.next_renewal_amount).toEqualTypeOf<string | null | undefined>();

    const team = await client.billingTeam.get(sub.id);
    expectTypeOf(team).toEqualTypeOf<BillingTeam>();
    expectTypeOf(team.recharge_amount).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(team.max_period_spend).toEqualTypeOf<string | null | undefined>();

    const seats = await client.seats.add(sub.id, [{ email: 'ada@example.com' }]);
    expectTypeOf(seats).toEqualTypeOf<Seat[]>();
    expectTypeOf(seats[0]!.user).toEqualTypeOf<number | null>();
  });

  it('media', async () => {
    const file = await client.media.upload(new Uint8Array(1), {
      operation_type: 'media',
      filename: 'a.bin',
      mime: 'application/octet-stream',
    });
    expectTypeOf(file).toEqualTypeOf<MediaFile>();
    expectTypeOf(file.status).toEqualTypeOf<MediaFileStatus>();
    expectTypeOf(file.id).toEqualTypeOf<number>();
  });
});

describe('open enums keep their known values', () => {
  it('ChosenPeriod: the four periods autocompleted, any other string accepted', () => {
    expectTypeOf<Extract<ChosenPeriod, 'MONTH' | 'QUARTER' | 'HALF' | 'YEAR'>>().toEqualTypeOf<
      'MONTH' | 'QUARTER' | 'HALF' | 'YEAR'
    >();
    expectTypeOf<string>().toExtend<ChosenPeriod>();
    expectTypeOf<PayParams['chosen_period']>().toEqualTypeOf<ChosenPeriod>();
    expectTypeOf<PurchaseOptions['chosen_period']>().toEqualTypeOf<ChosenPeriod>();
  });

  it('MediaFileStatus, InvoiceStatus and PeriodUnit', () => {
    expectTypeOf<Extract<MediaFileStatus, 'TRANSFERRING' | 'CREATED'>>().toEqualTypeOf<
      'TRANSFERRING' | 'CREATED'
    >();
    expectTypeOf<string>().toExtend<MediaFileStatus>();
    expectTypeOf<Extract<InvoiceStatus, 'FULFILLED'>>().toEqualTypeOf<'FULFILLED'>();
    expectTypeOf<Extract<PeriodUnit, 'MONTH' | 'YEAR'>>().toEqualTypeOf<'MONTH' | 'YEAR'>();
  });
});

describe('arguments are exact: each mistake of issue 23 is a compile error', () => {
  // The calls below are only type-checked, never run: each line under an expect-error directive
  // must fail to compile, and fails this test if it ever compiles again.
  const sub = { id: 1 };
  const card = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' };
  const neverCalled = false as boolean;

  it('a misspelled field of a seat, a card, a checkout or a purchase', () => {
    if (neverCalled) {
      // @ts-expect-error first_nam is not a field of a seat
      void client.seats.add(sub.id, [{ email: 'ada@example.com', first_nam: 'A' }]);
      // @ts-expect-error exp_mnth is not a field of a card
      void client.card.register({ card_number: '4242424242424242', cvc: '123', exp_mnth: '12' });
      // @ts-expect-error how_mnay is not a field of a consumable checkout
      void client.consumables.checkout({ service: 'ai-credits', how_mnay: 1, subscription: 1 });
      void client.purchase({
        plan: 'team-per-seat',
        card,
        chosen_period: 'MONTH',
        // @ts-expect-error team_seat is not an option of purchase
        team_seat: 3,
      });
      void client.purchase({
        plan: 'team-per-seat',
        // @ts-expect-error the card of a purchase is exact too
        card: { ...card, cvv: '123' },
        chosen_period: 'MONTH',
      });
      // @ts-expect-error chosen_periode is not a field of pay.bag's arguments
      void client.pay.bag({ token: 't', chosen_periode: 'MONTH' });
      // @ts-expect-error team_seat is not a field of a checking
      void client.checking.preview({ plans: [1], team_seat: 3 });
      // @ts-expect-error to_emial is not a field of a seat replacement
      void client.seats.replace(sub.id, [{ from_email: 'a@example.com', to_emial: 'b@x.io' }]);
    }
  });

  it('money is a decimal string: a number, even exact, is a compile error', () => {
    if (neverCalled) {
      // @ts-expect-error 0.1 + 0.2 is a floating-point number, not a DecimalString
      void client.billingTeam.update(sub.id, { recharge_amount: 0.1 + 0.2 });
      void client.billingTeam.replace(sub.id, {
        auto_recharge_enabled: true,
        // @ts-expect-error numbers are not decimal strings in replace either
        recharge_threshold_amount: 5,
        recharge_amount: '10.00',
        max_period_spend: null,
      });
      // @ts-expect-error 'ten' is not a decimal string
      void client.billingTeam.update(sub.id, { max_monthly_spend: 'ten' });
      const typed: string = '10.00';
      // @ts-expect-error a plain string is not known to be a decimal: narrow or write it out
      void client.billingTeam.update(sub.id, { recharge_amount: typed });
    }
    expectTypeOf<BillingTeamPatch['recharge_amount']>().toEqualTypeOf<DecimalString | undefined>();
    expectTypeOf<BillingTeamReplace['max_period_spend']>().toEqualTypeOf<
      DecimalString | null | undefined
    >();
    expectTypeOf<'10.00'>().toExtend<DecimalString>();
    expectTypeOf<`${number}`>().toEqualTypeOf<DecimalString>();
    const cents = 1999;
    const fromCents: DecimalString = `${cents / 100}`; // how a computed amount compiles
    expectTypeOf(fromCents).toEqualTypeOf<DecimalString>();
    // Answers stay loose: amounts come back as plain strings.
    expectTypeOf<BillingTeam['recharge_amount']>().toEqualTypeOf<string | null | undefined>();
  });

  it("the deployed server's extra fields are typed, not let in by an index signature", () => {
    expectTypeOf<CardParams['academy']>().toEqualTypeOf<number | string | undefined>();
    expectTypeOf<CardParams['exp_month']>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf<CardParams['exp_year']>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf<SeatInput['cohort_id']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<PayParams['payment_method_id']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CheckoutParams['academy']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<PurchaseOptions['payment_method_id']>().toEqualTypeOf<number | undefined>();
    expectTypeOf({
      card_number: '4242424242424242',
      cvc: '123',
      exp_month: 12,
      exp_year: '2030',
      academy: 7,
    }).toExtend<CardParams>();
    expectTypeOf<{ cvc: string }>().not.toExtend<CardParams>();
  });

  it('no argument type has an index signature', () => {
    type HasIndex<T> = string extends keyof T ? true : false;
    expectTypeOf<HasIndex<SeatInput>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<SeatReplacement>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<CardParams>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<PayParams>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<CheckingParams>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<CheckoutParams>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<BillingTeamPatch>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<BillingTeamReplace>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<MediaMeta>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<ChunkParams>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<FinalizeParams>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<PurchaseOptions>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<UploadOptions>>().toEqualTypeOf<false>();
    // Answers keep theirs: a field the service adds later is there, as unknown.
    expectTypeOf<HasIndex<Plan>>().toEqualTypeOf<true>();
  });
});

describe('purchase steps', () => {
  it('each step has its own result type, discriminated by name', () => {
    expectTypeOf<StepResult<'plan'>>().toEqualTypeOf<Plan>();
    expectTypeOf<StepResult<'existing'>>().toEqualTypeOf<number[]>();
    expectTypeOf<StepResult<'preview'>>().toEqualTypeOf<Checking>();
    expectTypeOf<StepResult<'bag'>>().toEqualTypeOf<Bag>();
    expectTypeOf<StepResult<'card'>>().toEqualTypeOf<CardResult>();
    expectTypeOf<StepResult<'pay'>>().toEqualTypeOf<Payment | SeatpayError>();
    expectTypeOf<StepResult<'wait'>>().toEqualTypeOf<Subscription>();
    expectTypeOf<StepResult<'consumables'>>().toEqualTypeOf<Consumable[]>();
    expectTypeOf<PurchaseStep['result']>().not.toBeUnknown();
  });

  it('onStep narrows the result by checking the step', () => {
    const onStep: NonNullable<PurchaseOptions['onStep']> = (done) => {
      if (done.step === 'preview') expectTypeOf(done.result).toEqualTypeOf<Checking>();
      if (done.step === 'wait') expectTypeOf(done.result.id).toEqualTypeOf<number>();
    };
    expectTypeOf(onStep).parameter(0).toEqualTypeOf<PurchaseStep>();
  });
});

describe('errors', () => {
  it('SubscriptionTimeoutError.lastListing is the last SubscriptionList read', () => {
    expectTypeOf<SubscriptionTimeoutError['lastListing']>().toEqualTypeOf<
      SubscriptionList | undefined
    >();
  });

  it('named errors are APIErrors, and narrow to the status class too', () => {
    expectTypeOf<OwnerOnlyError>().toExtend<APIError>();
    expectTypeOf<BillingPeriodLimitError>().toExtend<APIError>();
    expectTypeOf<RechargeBudgetError>().toExtend<SeatpayError>();
    const caught: unknown = undefined;
    if (caught instanceof PermissionDeniedError) {
      expectTypeOf(caught).toEqualTypeOf<PermissionDeniedError>();
      expectTypeOf(caught.status).toEqualTypeOf<number>();
    }
    if (caught instanceof BadRequestError) expectTypeOf(caught.body).toEqualTypeOf<unknown>();
  });

  it('a catch-all handler reads mayHaveBeenProcessed on any SeatpayError, code on any APIError', () => {
    const caught: unknown = undefined;
    if (caught instanceof SeatpayError) {
      expectTypeOf(caught.mayHaveBeenProcessed).toEqualTypeOf<boolean>();
      if (caught instanceof APIError) expectTypeOf(caught.code).toEqualTypeOf<string | null>();
    }
    expectTypeOf<SeatRefusal['code']>().toEqualTypeOf<string | null>();
  });
});

describe('helpers that are not for users stay internal', () => {
  it('the building blocks of the schemas are not exported', async () => {
    const entry = await import('../../src/index.js');
    // @ts-expect-error openEnum is internal
    void entry.openEnum;
    // @ts-expect-error optionalNullable is internal
    void entry.optionalNullable;
    // @ts-expect-error IdInputSchema is internal
    void entry.IdInputSchema;
    // @ts-expect-error NonEmptyStringSchema is internal
    void entry.NonEmptyStringSchema;
    // @ts-expect-error the request path's parser is internal
    void entry.errorFromResponse;
    // @ts-expect-error the purchase flow is reached through client.purchase
    void entry.purchase;
  });
});
