import type { CardParams, PurchaseJournal, PurchaseResult, SeatpayClient } from '../index.js';
import { positionals, readArguments, required, wholeNumber } from './arguments.js';
import { repeatedKeys, type BatchRow } from './batch.js';
import { GLOBAL_HELP, type Command } from './command.js';
import { academyOf, clientsOf, profileOf, type Context } from './context.js';
import { checkRows, readCsv } from './csv.js';
import type { ExitCode } from './exit-codes.js';
import { runJournaledOrders } from './journaled-orders.js';
import {
  asCommand,
  concurrencyOf,
  identityOf,
  isFinished,
  keyOf,
  rowKey,
  rowNumber,
  rowText,
  SettledAsCharged,
} from './keyed.js';
import { readCard } from './secrets.js';
import { printableField } from './printable.js';
import { UsageError } from './usage-error.js';
import { givenValue } from './unknown-name.js';

const OPTIONS = {
  plan: { type: 'string' },
  seats: { type: 'string' },
  period: { type: 'string' },
  key: { type: 'string' },
  journal: { type: 'string' },
  'card-file': { type: 'string' },
  'payment-method': { type: 'string' },
  'wait-timeout': { type: 'string' },
  csv: { type: 'string' },
  concurrency: { type: 'string' },
  identity: { type: 'string' },
} as const;

const PERIODS = ['MONTH', 'QUARTER', 'HALF', 'YEAR'];

const HELP = `seatpay purchase: buy a plan (register the card, pay, wait for the
subscription).

Usage: seatpay purchase --plan <slug> [--seats <n>]
                        --period <MONTH|QUARTER|HALF|YEAR> --key <key>
                        --journal <file>
       seatpay purchase --csv <file> --journal <file> [--concurrency <n>]

Options:
      --plan <slug>            the plan to buy (personal, team-per-seat ...)
      --seats <n>              how many seats, for a team plan
      --period <period>        MONTH, QUARTER, HALF or YEAR
      --key <key>              your own reference for the order; a re-run with
                               it never pays twice
      --journal <file>         where keys are recorded (default SEATPAY_JOURNAL)
      --card-file <path>       the card as JSON {"card_number": ..., "cvc": ...}
                               (default SEATPAY_CARD)
      --payment-method <id>    the payment method (the deployed server needs
                               one)
      --wait-timeout <ms>      how long to wait for the subscription (default
                               120000)
      --csv <file>             one order per row; header key,plan,seats,period
      --concurrency <n>        rows at once in a batch (default 4; one at a time
                               on the deployed server, which keeps one open bag
                               per user)
      --identity <id>          who the keys belong to, your own user id (default
                               SEATPAY_IDENTITY; else the token's: give one if
                               your tokens rotate)

${GLOBAL_HELP}

Exit codes: 0 done, 1 failed for now (nothing charged: run again), 2 usage or
input mistake (nothing sent), 3 the card may have been charged: check with
seatpay journal reconcile <key> (or it was paid and --wait-timeout ran out: run
the same command again with its --key, it never pays again), 4 refused by the
service (fix the order; nothing charged), 5 the key is in progress elsewhere,
130 stopped by Ctrl-C before anything was charged (run it again).
A batch exits with its worst row (3, 2, 4, 5, 130, 1).
`;

type Order = {
  key: string;
  line: number;
  plan: string;
  team_seats?: number;
  chosen_period: string;
};

function periodOf(where: string, value: string | undefined): string {
  const period = value?.toUpperCase();
  if (period === undefined || !PERIODS.includes(period))
    throw new UsageError(
      `${where} must be MONTH, QUARTER, HALF or YEAR, not ${givenValue(value ?? '')}`,
    );
  return period;
}

async function csvOrders(file: string): Promise<Order[]> {
  const rows = await readCsv(file, { required: ['key', 'plan', 'period'], optional: ['seats'] });
  return checkRows(
    file,
    rows,
    ({ line, fields }, check): Order => {
      const seats = fields.seats ? check(() => rowNumber('seats', fields.seats)) : undefined;
      return {
        key: check(() => rowKey(fields.key)) ?? '',
        line,
        plan: check(() => rowText('plan', fields.plan)) ?? '',
        ...(seats === undefined ? {} : { team_seats: seats }),
        chosen_period: check(() => periodOf('period', fields.period)) ?? '',
      };
    },
    repeatedKeys,
  );
}

type Values = ReturnType<typeof readArguments<typeof OPTIONS>>['values'];

function singleOrder(values: Values): Order {
  return {
    key: keyOf(values.key),
    line: 0,
    plan: required('--plan', values.plan, 'which plan to buy (personal, team-per-seat ...)'),
    ...(values.seats === undefined ? {} : { team_seats: wholeNumber('--seats', values.seats) }),
    chosen_period: periodOf('--period', values.period),
  };
}

/** What the command shows of a purchase: the bag's token stays in the journal. */
function summaryOf(key: string, replayed: boolean, result: PurchaseResult) {
  const { plan, payment, subscription } = result;
  return { key, replayed, plan: plan.slug, subscription, payment };
}

type Shown = ReturnType<typeof summaryOf>;

function describe(shown: Shown | SettledAsCharged): string {
  if (shown instanceof SettledAsCharged) return shown.describe();
  const { key, replayed, plan, subscription } = shown;
  const how = replayed ? 'already done (replayed from the journal)' : 'done';
  // The slug is the service's text: kept on its line (a line break would forge a purchase line).
  return `${key}: purchase ${how}, plan ${printableField(String(plan))}, subscription ${subscription.id}`;
}

interface Shared {
  /** A client per row: a client's purchases pay and wait one at a time (its money queue). */
  client: () => SeatpayClient;
  journal: PurchaseJournal;
  card: CardParams;
  extra: {
    academy?: number;
    payment_method_id?: number;
    waitTimeout?: number;
    identity?: string;
  };
  context: Context;
}

function rowOf(
  { client, journal, card, extra, context }: Shared,
  order: Order,
): BatchRow<Shown | SettledAsCharged> {
  const { key, line, plan, team_seats, chosen_period } = order;
  const buy = async (signal: AbortSignal) => {
    const replayed = await isFinished(journal, key);
    const result = await client().purchase({
      plan,
      ...(team_seats === undefined ? {} : { team_seats }),
      chosen_period,
      card,
      key,
      journal,
      signal,
      // One order shows its steps; a batch shows a line per row, not eight.
      ...(order.line === 0
        ? { onStep: ({ step }) => context.output.note(`${key}: ${step} done`) }
        : {}),
      ...extra,
    });
    return summaryOf(key, replayed, result);
  };
  const run = async (signal: AbortSignal) => {
    const result = await asCommand(key, () => buy(signal));
    return { result, replayed: result.replayed };
  };
  return { key, line, run };
}

function extraOf(values: Values, context: Context): Shared['extra'] {
  const academy = academyOf(values);
  const identity = identityOf(values.identity, context.env);
  const method = values['payment-method'];
  const wait = values['wait-timeout'];
  return {
    ...(academy === undefined ? {} : { academy }),
    ...(method === undefined ? {} : { payment_method_id: wholeNumber('--payment-method', method) }),
    ...(wait === undefined ? {} : { waitTimeout: wholeNumber('--wait-timeout', wait) }),
    ...(identity === undefined ? {} : { identity }),
  };
}

/**
 * The deployed server keeps one open bag per user: a second purchase's checking replaces the
 * first's bag while it pays. There, a batch's purchases run one at a time, and the command says so.
 * Elsewhere each row pays and waits for its own subscription (matched by its invoice's bag), with
 * a client of its own, `--concurrency` rows at once.
 */
function concurrencyFor(profile: string, asked: number, rows: number, context: Context): number {
  if (profile !== 'deployed' || asked === 1) return asked;
  if (rows > 1)
    context.output.note(
      `--concurrency ${asked}: the deployed server allows one open bag per user, so purchases run one at a time`,
    );
  return 1;
}

async function run(argv: readonly string[], context: Context): Promise<ExitCode> {
  const { values, positionals: given } = readArguments(argv, OPTIONS);
  positionals(given, []);
  const profile = profileOf(values, context.env);
  const asked = concurrencyOf(values.concurrency);
  const orders = values.csv === undefined ? [singleOrder(values)] : await csvOrders(values.csv);
  const extra = extraOf(values, context);
  const card = await readCard(values['card-file'], context.env, context.secrets);
  return runJournaledOrders(values, context, describe, async (journal) => {
    const client = await clientsOf(values, context);
    const shared: Shared = { client, journal, card, extra, context };
    const rows = orders.map((order) => rowOf(shared, order));
    const batch =
      values.csv === undefined
        ? undefined
        : { concurrency: concurrencyFor(profile, asked, orders.length, context) };
    return { rows, batch };
  });
}

export const purchase: Command = {
  name: 'purchase',
  summary: 'buy a plan: one order, or a CSV batch',
  help: HELP,
  run,
};
