import type { CheckoutParams, CheckoutResult, PurchaseJournal, SeatpayClient } from '../index.js';
import { positionals as positionalsOf, readArguments, required, wholeNumber } from './arguments.js';
import { repeatedKeys, type BatchRow } from './batch.js';
import { GLOBAL_HELP, type Command } from './command.js';
import { academyOf, clientOf, profileOf, type Context } from './context.js';
import { checkRows, readCsv } from './csv.js';
import type { ExitCode } from './exit-codes.js';
import { runJournaledOrders } from './journaled-orders.js';
import {
  asCommand,
  concurrencyOf,
  identityOf,
  keyOf,
  rowKey,
  rowNumber,
  rowText,
  SettledAsCharged,
} from './keyed.js';

const OPTIONS = {
  service: { type: 'string' },
  'how-many': { type: 'string' },
  subscription: { type: 'string' },
  key: { type: 'string' },
  journal: { type: 'string' },
  csv: { type: 'string' },
  concurrency: { type: 'string' },
  identity: { type: 'string' },
} as const;

const HELP = `seatpay checkout: buy consumables (units, or more seats) for a subscription;
the owner pays.

Usage: seatpay checkout --service <slug|id> --how-many <n> [--subscription <id>]
                        --key <key> --journal <file>
       seatpay checkout --csv <file> --journal <file> [--concurrency <n>]

Options:
      --service <slug|id>    the service to buy (ai-credits, team-seat ...)
      --how-many <n>         how many units
      --subscription <id>    the subscription they are for
      --key <key>            your own reference for the order; a re-run with it
                             never pays twice
      --journal <file>       where keys are recorded (default SEATPAY_JOURNAL)
      --csv <file>           one order per row; header
                             key,service,how_many,subscription
      --concurrency <n>      rows at once in a batch (default 4)
      --identity <id>        who the keys belong to, your own user id (default
                             SEATPAY_IDENTITY; else the token's: give one if
                             your tokens rotate)

${GLOBAL_HELP}

Exit codes: 0 done, 1 failed for now (nothing charged: run again), 2 usage or
input mistake (nothing sent), 3 the outcome is unknown: check with seatpay
journal reconcile <key> before buying again, 4 refused by the service (fix the
order; nothing charged), 5 the key is in progress elsewhere, 130 stopped by
Ctrl-C before anything was charged (run it again). A batch exits with its worst
row (3, 2, 4, 5, 130, 1).
`;

/** A service id when it is a number, else its slug. */
const serviceOf = (value: string): string | number => (/^\d+$/.test(value) ? Number(value) : value);

type Order = { key: string; line: number; params: CheckoutParams };

async function csvOrders(file: string, academy: number | undefined): Promise<Order[]> {
  const rows = await readCsv(file, {
    required: ['key', 'service', 'how_many'],
    optional: ['subscription'],
  });
  return checkRows(
    file,
    rows,
    ({ line, fields }, check) => {
      const subscription = fields.subscription
        ? check(() => rowNumber('subscription', fields.subscription))
        : undefined;
      const service = check(() => rowText('service', fields.service));
      const params: CheckoutParams = {
        service: serviceOf(service ?? ''),
        how_many: check(() => rowNumber('how_many', fields.how_many)) ?? 0,
        ...(subscription === undefined ? {} : { subscription }),
        ...(academy === undefined ? {} : { academy }),
      };
      return { key: check(() => rowKey(fields.key)) ?? '', line, params };
    },
    repeatedKeys,
  );
}

function singleOrder(values: Values, academy: number | undefined): Order {
  const { subscription } = values;
  const service = required('--service', values.service, 'which service to buy (ai-credits ...)');
  const params: CheckoutParams = {
    service: serviceOf(service),
    how_many: wholeNumber('--how-many', required('--how-many', values['how-many'])),
    ...(subscription === undefined
      ? {}
      : { subscription: wholeNumber('--subscription', subscription) }),
    ...(academy === undefined ? {} : { academy }),
  };
  return { key: keyOf(values.key), line: 0, params };
}

type Values = ReturnType<typeof readArguments<typeof OPTIONS>>['values'];

/** Runs one order: resolves with its answer, and whether the journal replayed it. */
function rowOf(
  client: SeatpayClient,
  keyed: { journal: PurchaseJournal; identity?: string },
  order: Order,
): BatchRow<Shown | SettledAsCharged> {
  const { key, line, params } = order;
  const run = async (signal: AbortSignal) => {
    const result = await asCommand(key, async () => {
      const { data, response } = await client.consumables
        .checkout({ ...params, key, ...keyed }, { signal })
        .withResponse();
      const marked = response.headers.get('idempotent-replayed') === 'true';
      // The journal's replay is made here, not fetched, so it has no URL (keyed-checkout.ts); a
      // fetched answer marked so is the service saying it replayed: a fresh order of this run.
      const replayed = marked && response.url === '';
      const told = marked && !replayed ? { serviceReplayed: true } : {};
      // Ours last: an answer's own `key` or `replayed` field cannot pass for the command's.
      const ours = { key, replayed, ...told };
      return Object.assign({ key }, data, ours);
    });
    return { result, replayed: result.replayed };
  };
  return { key, line, run };
}

type Shown = CheckoutResult & { key: string; replayed: boolean; serviceReplayed?: boolean };

function describe(result: Shown | SettledAsCharged) {
  if (result instanceof SettledAsCharged) return result.describe();
  const how = result.replayed
    ? 'already done (replayed from the journal)'
    : result.serviceReplayed
      ? "done (the service said it replayed an earlier request's answer)"
      : 'done';
  return `${result.key}: checkout ${how}, invoice ${result.id ?? '?'} amount ${String(result.amount ?? '?')}`;
}

async function run(argv: readonly string[], context: Context): Promise<ExitCode> {
  const { values, positionals } = readArguments(argv, OPTIONS);
  positionalsOf(positionals, []);
  const academy = academyOf(values);
  profileOf(values, context.env);
  const concurrency = concurrencyOf(values.concurrency);
  const orders =
    values.csv === undefined
      ? [singleOrder(values, academy)]
      : await csvOrders(values.csv, academy);
  const identity = identityOf(values.identity, context.env);
  return runJournaledOrders(values, context, describe, async (journal) => {
    const client = await clientOf(values, context);
    const keyed = { journal, ...(identity === undefined ? {} : { identity }) };
    const rows = orders.map((order) => rowOf(client, keyed, order));
    return { rows, batch: values.csv === undefined ? undefined : { concurrency } };
  });
}

export const checkout: Command = {
  name: 'checkout',
  summary: 'buy consumables for a subscription: one order, or a CSV batch',
  help: HELP,
  run,
};
