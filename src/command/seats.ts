import {
  APIError,
  SeatsRefusedError,
  type Seat,
  type SeatInput,
  type SeatpayClient,
} from '../index.js';
import { readArguments, wholeNumber } from './arguments.js';
import { AdvisedError } from './advised-error.js';
import { GLOBAL_HELP, type Command } from './command.js';
import { counted } from './counted.js';
import { clientOf, type Context } from './context.js';
import { checkRows, readCsv } from './csv.js';
import { DONE, FAILED, type ExitCode } from './exit-codes.js';
import { concurrencyOf, rowText } from './keyed.js';
import { changing } from './lost-change.js';
import { reading } from './read-failure.js';
import { givenValue, unknownWord } from './unknown-name.js';
import { UsageError } from './usage-error.js';
import { printableField } from './printable.js';
import { removedSeatLine, seatLine } from './seat-line.js';

const OPTIONS = {
  csv: { type: 'string' },
  cohort: { type: 'string' },
  concurrency: { type: 'string' },
} as const;

const HELP = `seatpay seats: the seats of a subscription's billing team (the owner's to
change).

Usage: seatpay seats list <subscription>
       seatpay seats add <subscription> <email>... [--csv <file>]
                         [--cohort <id>]
       seatpay seats replace <subscription> <old-email> <new-email>
                             [<old-email> <new-email>...]
       seatpay seats remove <subscription> <email|seat-id>...

Options:
      --csv <file>      seats to add, one per row; header
                        email,first_name,last_name
      --cohort <id>     the cohort added members join (the deployed server
                        needs one)
      --concurrency <n> taken for scripts that pass it to every batch: seats go
                        as one change

${GLOBAL_HELP}

Exit codes: 0 done, 1 failed, or refused in part or whole (the seats that were
changed are listed), 2 usage or input mistake (nothing sent), 3 the answer was
lost: the change may have been made (see seatpay seats list <subscription>
before running it again), 130 stopped by Ctrl-C.
`;

async function seatsFromCsv(file: string, cohort: number | undefined): Promise<SeatInput[]> {
  const rows = await readCsv(file, { required: ['email'], optional: ['first_name', 'last_name'] });
  return checkRows(file, rows, ({ fields }, check) => ({
    email: check(() => rowText('email', fields.email)) ?? '',
    ...(fields.first_name ? { first_name: fields.first_name } : {}),
    ...(fields.last_name ? { last_name: fields.last_name } : {}),
    ...(cohort === undefined ? {} : { cohort_id: cohort }),
  }));
}

/** Lists the changed seats; a refusal lists what was applied and what was refused, exit 1. */
async function change(
  context: Context,
  id: number,
  apply: () => Promise<Seat[]>,
): Promise<ExitCode> {
  try {
    for (const seat of await changing(`seatpay seats list ${id}`, apply))
      context.output.item({ status: 'changed', seat }, seatLine(seat));
    return DONE;
  } catch (error) {
    // The service's "Seats limit exceeded: 4 > 3" says nothing of how a team gets more seats.
    if (error instanceof APIError && error.code === 'seats-limit-exceeded')
      throw new AdvisedError(
        error,
        `nothing was changed: buy more seats first (seatpay checkout --service team-seat --how-many <n> --subscription ${id} --key <key> --journal <file>), or remove one (seatpay seats remove ${id} <email>)`,
      );
    if (!(error instanceof SeatsRefusedError)) throw error;
    for (const seat of error.applied)
      context.output.item({ status: 'changed', seat }, seatLine(seat));
    for (const refusal of error.refused)
      // The service's own words, kept on their line: a line break would forge a "changed" one.
      context.output.item(
        { status: 'refused', refusal },
        `refused: ${printableField(refusal.message)}`,
      );
    context.output.note(`seatpay: ${counted(error.refused.length, 'seat change')} refused`);
    return FAILED;
  }
}

async function remove(
  client: SeatpayClient,
  id: number,
  targets: string[],
  context: Context,
): Promise<ExitCode> {
  const seats = await reading(() => client.seats.list(id, { signal: context.signal }));
  const found = targets.map((target) => {
    // The list keeps removed seats (inactive): a member added again has two, the live one first.
    const named = seats.filter((one) => one.email === target || String(one.id) === target);
    const seat = named.find((one) => one.is_active) ?? named[0];
    if (!seat)
      throw new UsageError(
        `no seat of ${target} in subscription ${id}; see seatpay seats list ${id}`,
      );
    if (!seat.is_active)
      throw new UsageError(
        `the seat of ${target} in subscription ${id} (${seat.id}) is removed already; see seatpay seats list ${id}`,
      );
    return seat;
  });
  for (const seat of found) {
    await changing(`seatpay seats list ${id}`, () =>
      client.seats.remove(id, seat.id, { signal: context.signal }),
    );
    context.output.item({ status: 'removed', seat }, removedSeatLine(seat));
  }
  return DONE;
}

function pairs(rest: string[]): { from_email: string; to_email: string }[] {
  if (rest.length === 0 || rest.length % 2)
    throw new UsageError('replace takes pairs: <old-email> <new-email> ...');
  return Array.from({ length: rest.length / 2 }, (_, at) => ({
    from_email: rest[2 * at]!,
    to_email: rest[2 * at + 1]!,
  }));
}

const ACTIONS = ['list', 'add', 'replace', 'remove'];

async function run(argv: readonly string[], context: Context): Promise<ExitCode> {
  const { values, positionals } = readArguments(argv, OPTIONS);
  const [action, subscription, ...rest] = positionals;
  if (!ACTIONS.includes(action ?? ''))
    throw new UsageError(
      `seats needs list, add, replace or remove${action ? `, not ${unknownWord(action, ACTIONS, 'the word given ')}` : ''}`,
    );
  if (subscription === undefined)
    throw new UsageError(`missing <subscription>: seatpay seats ${action} <subscription>`);
  const id = wholeNumber('<subscription>', subscription);
  const cohort = values.cohort === undefined ? undefined : wholeNumber('--cohort', values.cohort);
  if (action === 'list') {
    if (rest.length) throw new UsageError(`unexpected argument ${givenValue(rest[0]!)}`);
    const client = await clientOf(values, context);
    const listed = await reading(() => client.seats.list(id, { signal: context.signal }));
    for (const seat of listed) context.output.item(seat, seatLine(seat));
    return DONE;
  }
  if (action === 'add') {
    const seats: SeatInput[] = [
      ...rest.map((email) => ({ email, ...(cohort === undefined ? {} : { cohort_id: cohort }) })),
      ...(values.csv === undefined ? [] : await seatsFromCsv(values.csv, cohort)),
    ];
    if (!seats.length) throw new UsageError('add needs at least one <email> or --csv <file>');
    if (values.concurrency !== undefined && concurrencyOf(values.concurrency) > 1)
      context.output.note(
        `--concurrency ${values.concurrency}: seats add sends every seat in one change (the service applies a seat list at once), so there is nothing to run at once`,
      );
    const client = await clientOf(values, context);
    return change(context, id, () => client.seats.add(id, seats, { signal: context.signal }));
  }
  if (action === 'replace') {
    const swaps = pairs(rest);
    const client = await clientOf(values, context);
    return change(context, id, () => client.seats.replace(id, swaps, { signal: context.signal }));
  }
  if (!rest.length) throw new UsageError('remove needs at least one <email> or seat id');
  return remove(await clientOf(values, context), id, rest, context);
}

export const seats: Command = {
  name: 'seats',
  summary: 'list, add, replace or remove the seats of a team',
  help: HELP,
  run,
};
