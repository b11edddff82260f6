// A realistic program against the installed package, type-checked (never run) under `strict`,
// `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess` by test/package (see
// support/type-check.ts). It is excluded from the repository's own tsconfig: `seatpay` here is the
// packed tarball, not src/.
import {
  APIError,
  ConnectionError,
  createClient,
  InvalidRequestError,
  OwnerOnlyError,
  PermissionDeniedError,
  SeatpayError,
  spendingOf,
  SubscriptionTimeoutError,
  type ChosenPeriod,
  type MediaFileStatus,
  type PurchaseStep,
  type SeatpayClient,
  type Subscription,
} from 'seatpay';
import { startMockServer } from 'seatpay/mock';
import { fromPath } from 'seatpay/node';

/** Logs each step of a purchase with what that step produced. */
function logStep(done: PurchaseStep): void {
  switch (done.step) {
    case 'plan':
      console.log(`plan ${done.result.slug}: ${done.result.price_per_month ?? '?'} per month`);
      break;
    case 'preview':
      console.log(`priced at ${done.result.amount_per_month ?? 'n/a'} per month`);
      break;
    case 'pay':
      if (done.result instanceof SeatpayError) console.log('charge unknown:', done.result.name);
      else console.log(`paid ${done.result.amount ?? '?'} ${done.result.currency?.code ?? ''}`);
      break;
    case 'wait':
      console.log(`subscription ${done.result.id} (${done.result.status ?? 'no status'})`);
      break;
    default:
      console.log(done.step);
  }
}

async function buyTeam(client: SeatpayClient, period: ChosenPeriod): Promise<Subscription> {
  const { subscription, payment, consumables } = await client.purchase({
    plan: 'team-per-seat',
    team_seats: 3,
    card: { card_number: '4242424242424242', cvc: '123', exp_month: 12, exp_year: '2030' },
    chosen_period: period,
    onStep: logStep,
  });
  const invoice = payment?.id;
  console.log(
    `invoice ${invoice ?? 'unknown'}`,
    consumables.map((item) => item.service),
  );
  return subscription;
}

async function manageSeats(owner: SeatpayClient, member: SeatpayClient, sub: Subscription) {
  const seats = await owner.seats.add(sub.id, [{ email: 'ada@example.com', first_name: 'Ada' }]);
  const first = seats[0];
  // noUncheckedIndexedAccess: the first seat may not exist.
  if (first) await owner.seats.remove(sub.id, first.id);
  await owner.seats.replace(sub.id, [
    { from_email: 'bob@example.com', to_email: 'eve@example.com' },
  ]);
  try {
    await member.seats.add(sub.id, [{ email: 'mallory@example.com' }]);
  } catch (error) {
    if (error instanceof OwnerOnlyError) console.log('only the owner:', error.status);
    else if (error instanceof PermissionDeniedError) console.log('forbidden:', error.requestId);
    else throw error;
  }
  const team = await owner.billingTeam.get(sub.id);
  const { cap, spent } = spendingOf(team);
  console.log(`${spent ?? '0'} of ${cap ?? 'no cap'}`, team.seats_limit);
  // Money is a decimal string; an amount computed in cents goes out through a template literal.
  const rechargeCents = 1250;
  try {
    await owner.billingTeam.update(sub.id, { recharge_amount: `${rechargeCents / 100}` });
    await owner.billingTeam.replace(sub.id, {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '5.00',
      recharge_amount: '12.50',
      max_period_spend: null,
    });
  } catch (error) {
    if (error instanceof InvalidRequestError) console.log('refused before sending:', error.field);
  }
}

async function uploadTalk(client: SeatpayClient): Promise<MediaFileStatus> {
  const file = await client.media.upload(await fromPath('./talk.mp4', { type: 'video/mp4' }), {
    operation_type: 'media',
    meta: { slug: 'talk', name: 'Talk', categories: ['video'], academy: 1 },
    concurrency: 2,
    onProgress: ({ loadedBytes, totalBytes }) => console.log(`${loadedBytes}/${totalBytes}`),
  });
  return file.status;
}

async function main(): Promise<void> {
  const server = await startMockServer({ port: 0, subscriptionDelayMs: 50 });
  const { owner, member } = server.simulator.users;
  const client = createClient({ baseUrl: server.url, token: owner.token, maxRetries: 1 });
  const asMember = client.withOptions({ token: () => member.token });
  try {
    const sub = await buyTeam(client, 'MONTH');
    await manageSeats(client, asMember, sub);
    const status = await uploadTalk(client);
    if (status === 'CREATED') console.log('ready to process');
  } catch (error) {
    if (error instanceof SubscriptionTimeoutError) {
      console.log('listed:', error.lastListing?.subscriptions.map((s) => s.id) ?? []);
    } else if (error instanceof ConnectionError && error.mayHaveBeenProcessed) {
      console.log('check before retrying');
    } else if (error instanceof APIError) {
      console.log(error.status, error.message);
    } else throw error;
  } finally {
    await server.close();
  }
}

// What the types refuse: each line below must be an error, or tsc reports the directive unused.
async function refused(client: SeatpayClient, done: PurchaseStep, sub: Subscription) {
  // @ts-expect-error a period is a string
  void client.pay.bag({ token: 't', chosen_period: 1 });
  // @ts-expect-error the result of a step is known only once its name is checked
  void done.result.amount_per_month;
  // @ts-expect-error a consumable's service is a slug, not a number
  const service: number | undefined = (await client.consumables.items())[0]?.service;
  // @ts-expect-error a seat needs an email
  void client.seats.add(sub.id, [{ first_name: 'Ada' }]);
  // @ts-expect-error noUncheckedIndexedAccess: a listed subscription may be missing
  const first: Subscription = (await client.subscriptions.list()).subscriptions[0];
  void [service, first];
}

// Issue 23: the typos and float amounts that used to compile (and were sent) are errors now.
function misspelled(client: SeatpayClient, sub: Subscription) {
  // @ts-expect-error first_nam is not a field of a seat
  void client.seats.add(sub.id, [{ email: 'ada@example.com', first_nam: 'A' }]);
  const card = { card_number: '4242424242424242', cvc: '123', exp_year: '2030' } as const;
  // @ts-expect-error exp_mnth is not a field of a card
  void client.card.register({ ...card, academy: 1, exp_mnth: '12' });
  // @ts-expect-error subscripton is not a field of a consumable checkout
  void client.consumables.checkout({ service: 'ai-credits', how_many: 1, subscripton: sub.id });
  // @ts-expect-error payment_method is not an option of purchase
  void client.purchase({ plan: 'p', card, chosen_period: 'MONTH', payment_method: 3 });
  // @ts-expect-error money is a decimal string, and 0.1 + 0.2 is a float
  void client.billingTeam.update(sub.id, { recharge_amount: 0.1 + 0.2 });
  void client.billingTeam.replace(sub.id, {
    auto_recharge_enabled: false,
    // @ts-expect-error numbers are not decimal strings in replace either
    recharge_threshold_amount: 5,
    recharge_amount: '10.00',
    max_period_spend: null,
  });
  // The fields the deployed server needs are typed, so they compile.
  void client.card.register({ ...card, exp_month: '12', academy: 'downtown' });
  void client.seats.add(sub.id, [{ email: 'ada@example.com', cohort_id: 55 }]);
  void client.pay.bag({ token: 't', chosen_period: 'MONTH', payment_method_id: 3 });
  void client.consumables.checkout({ service: 's', how_many: 1, subscription: sub.id, academy: 1 });
}

void main;
void refused;
void misspelled;
