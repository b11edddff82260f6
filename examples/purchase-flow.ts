/**
 * The main job, end to end: buy a PER_SEAT team plan with 3 seats, manage the team, let a member
 * use the service until auto-recharge tops it up, and upload a file in chunks.
 *
 * `npm run demo` and `npm run example -- purchase-flow` run it against the built-in simulator.
 * Against another server (the simulator from `npx seatpay-mock`, say), set the variables:
 *   SEATPAY_BASE_URL=http://127.0.0.1:4010 SEATPAY_TOKEN=<owner> SEATPAY_MEMBER_TOKEN=<member> \
 *   SEATPAY_MEMBER_EMAIL=member@example.com npm run example -- purchase-flow
 */
import { pathToFileURL } from 'node:url';
import { createClient, spendingOf, type SeatpayClient } from '../src/index.js';

export interface FlowSettings {
  baseUrl: string;
  ownerToken: string;
  memberToken: string;
  memberEmail: string;
  /** Where readable lines go. */
  print?: (line: string) => void;
}

export interface FlowSummary {
  subscriptionId: number;
  seats: number;
  unitsConsumed: number;
  recharges: number;
  spent: string | null;
  fileId: number;
  fileStatus: string;
}

export async function runPurchaseFlow(settings: FlowSettings): Promise<FlowSummary> {
  const print = settings.print ?? console.log;
  const client = createClient({ baseUrl: settings.baseUrl, token: settings.ownerToken });

  print('1. Buying the PER_SEAT plan "team-per-seat" with 3 seats');
  const bought = await client.purchase({
    plan: 'team-per-seat',
    team_seats: 3,
    card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' },
    chosen_period: 'MONTH',
    pollInterval: 250,
    onStep: ({ step }) =>
      step === 'pay' && print('   paid; waiting for the subscription (created asynchronously)…'),
  });
  const id = bought.subscription.id;
  print(
    `   subscription #${id} is there; preview said ${bought.preview.amount_per_month} per month`,
  );
  print(
    `2. Consumables: ${bought.consumables.map((c) => `${c.how_many} × ${String(c.service ?? '?')}`).join(', ')}`,
  );

  await manageSeats(client, id, settings.memberEmail, print);

  print('6. Auto-recharge: below 5.00 of credits, add 10.00, at most 30.00 a month');
  await client.billingTeam.update(id, {
    auto_recharge_enabled: true,
    recharge_threshold_amount: '5.00',
    recharge_amount: '10.00',
    max_monthly_spend: '30.00',
  });

  const usage = await consumeUntilRecharge(settings, id, print);
  const team = await client.billingTeam.get(id);
  const { spent } = spendingOf(team);
  print(`   the team has spent ${spent} on recharges this period`);

  const file = await uploadFile(client, print);
  return {
    subscriptionId: id,
    seats: team.seats_count ?? 0,
    ...usage,
    spent,
    fileId: file.id,
    fileStatus: file.status,
  };
}

async function manageSeats(
  client: SeatpayClient,
  id: number,
  memberEmail: string,
  print: (line: string) => void,
) {
  print('3. Adding two seats: the member (multiplier 2) and ada@example.com');
  await client.seats.add(id, [
    { email: memberEmail, seat_multiplier: 2 },
    { email: 'ada@example.com' },
  ]);
  print('4. Replacing ada@example.com with bob@example.com');
  await client.seats.replace(id, [{ from_email: 'ada@example.com', to_email: 'bob@example.com' }]);
  const bob = (await client.seats.list(id)).find(
    (seat) => seat.email === 'bob@example.com' && seat.is_active,
  );
  print(`5. Removing bob's seat #${bob!.id}`);
  await client.seats.remove(id, bob!.id);
  const active = (await client.seats.list(id)).filter((seat) => seat.is_active);
  print(
    `   active seats: ${active.map((seat) => `${seat.email} ×${seat.seat_multiplier ?? 1}`).join(', ')}`,
  );
}

/** Draws AI credits as the member (through the simulator's control route) until a recharge happens. */
async function consumeUntilRecharge(
  settings: FlowSettings,
  subscription: number,
  print: (line: string) => void,
) {
  let unitsConsumed = 0;
  for (let draw = 1; draw <= 100; draw++) {
    const response = await fetch(`${settings.baseUrl}/__mock/consume`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${settings.memberToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ service: 'ai-credits', units: 1, subscription }),
    });
    if (!response.ok)
      throw new Error(`consume failed: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { recharged: boolean; balance: number };
    unitsConsumed++;
    if (answer.recharged) {
      print(
        `7. The member used ${unitsConsumed} credits; auto-recharge topped the seat up to ${answer.balance}`,
      );
      return { unitsConsumed, recharges: 1 };
    }
  }
  throw new Error('no recharge happened within 100 draws');
}

async function uploadFile(client: SeatpayClient, print: (line: string) => void) {
  const bytes = new Uint8Array(2_500).map((_, i) => i % 251);
  const source = new Blob([bytes], { type: 'application/pdf' });
  print(`8. Uploading a ${source.size}-byte file in chunks ("test-small": 1 KiB chunks)`);
  const file = await client.media.upload(source, {
    operation_type: 'test-small',
    filename: 'invoice.pdf',
    mime: 'application/pdf',
    onChunk: (chunk) =>
      print(`   chunk ${chunk.chunk_index + 1}/${chunk.total_chunks} acknowledged`),
  });
  print(`   file #${file.id} finalized as ${file.name}, status ${file.status}`);
  return file;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { SEATPAY_BASE_URL, SEATPAY_TOKEN, SEATPAY_MEMBER_TOKEN, SEATPAY_MEMBER_EMAIL } =
    process.env;
  if (!SEATPAY_BASE_URL || !SEATPAY_TOKEN || !SEATPAY_MEMBER_TOKEN || !SEATPAY_MEMBER_EMAIL) {
    console.error(
      'usage: SEATPAY_BASE_URL=… SEATPAY_TOKEN=… SEATPAY_MEMBER_TOKEN=… SEATPAY_MEMBER_EMAIL=… npx tsx examples/purchase-flow.ts',
    );
    process.exit(1);
  }
  const summary = await runPurchaseFlow({
    baseUrl: SEATPAY_BASE_URL,
    ownerToken: SEATPAY_TOKEN,
    memberToken: SEATPAY_MEMBER_TOKEN,
    memberEmail: SEATPAY_MEMBER_EMAIL,
  });
  console.log(summary);
}
