import type { JournalEntry, SeatpayClient } from '../index.js';
import { readArguments, wholeNumber } from './arguments.js';
import { GLOBAL_HELP, type Command } from './command.js';
import { clientOf, journalOf, type Context, type OpenJournal } from './context.js';
import { DONE, UNSETTLED, type ExitCode } from './exit-codes.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  journal: { type: 'string' },
  stage: { type: 'string' },
  after: { type: 'string' },
  limit: { type: 'string' },
  charged: { type: 'boolean' },
  'not-charged': { type: 'boolean' },
  reason: { type: 'string' },
} as const;

const HELP = `seatpay journal: the keys a journal holds, and settling the ones whose outcome is unknown.

Usage: seatpay journal list --journal <j> [--stage <stage>] [--after <key>] [--limit <n>]
       seatpay journal reconcile <key> --journal <j>
       seatpay journal settle <key> --charged|--not-charged --reason <why> --journal <j>

  list       each key with its kind, stage, charged (yes, no, unknown) and when it was written
  reconcile  asks the service what happened to the key's order, and records it where it can tell
  settle     records an operator's decision (after checking the invoices): charged or not; a key
             settled as not charged may run again

The journal <j> is a file path or a postgres:// URL (the password in PGPASSWORD, or the whole URL
in SEATPAY_JOURNAL: never on the command line).

${GLOBAL_HELP}

Exit codes: 0 done, 2 usage mistake, 3 reconcile could not tell: settle it by hand.
`;

type Values = ReturnType<typeof readArguments<typeof OPTIONS>>['values'];

const STAGES = ['paying', 'sending', 'refused', 'paid', 'subscribed', 'done'];

function describe(entry: JournalEntry): string {
  const settled = entry.settled
    ? `\tsettled ${entry.settled.charged === 'yes' ? 'charged' : 'not charged'} at ${entry.settled.at}`
    : '';
  return `${entry.key}\t${entry.kind}\t${entry.stage}\tcharged ${entry.charged}\t${entry.updatedAt}${settled}`;
}

async function list(
  client: SeatpayClient,
  open: OpenJournal,
  values: Values,
  context: Context,
): Promise<ExitCode> {
  const { stage, after, limit } = values;
  if (stage !== undefined && !STAGES.includes(stage))
    throw new UsageError(`--stage must be one of ${STAGES.join(', ')}, not "${stage}"`);
  const entries = await client.journal.list({
    journal: open.journal,
    ...(stage === undefined ? {} : { stage: stage as JournalEntry['stage'] }),
    ...(after === undefined ? {} : { after }),
    ...(limit === undefined ? {} : { limit: wholeNumber('--limit', limit) }),
  });
  for (const entry of entries) context.output.item(entry, describe(entry));
  return DONE;
}

async function reconcile(
  client: SeatpayClient,
  open: OpenJournal,
  key: string,
  where: string,
  context: Context,
): Promise<ExitCode> {
  const result = await client.journal.reconcile(key, {
    journal: open.journal,
    signal: context.signal,
  });
  const { record: _record, ...shown } = result;
  context.output.result(shown, `${key}: charged ${result.charged} (${result.evidence})`);
  if (result.charged !== 'unknown') return DONE;
  context.output.note(
    `seatpay: the service cannot tell; check the owner's invoices, then: seatpay journal settle ${key} --charged|--not-charged --reason "<why>"${where}`,
  );
  return UNSETTLED;
}

async function settle(
  client: SeatpayClient,
  open: OpenJournal,
  key: string,
  values: Values,
  context: Context,
): Promise<ExitCode> {
  if (values.charged === values['not-charged'])
    throw new UsageError('settle needs exactly one of --charged or --not-charged');
  const reason = values.reason;
  if (!reason)
    throw new UsageError('settle needs --reason "<why>": it is recorded with the decision');
  const charged = values.charged ? 'yes' : 'no';
  await client.journal.settle(key, { journal: open.journal, charged, reason });
  const what =
    charged === 'yes' ? 'charged: it is never paid again' : 'not charged: it may run again';
  context.output.result({ key, charged, reason }, `${key}: settled as ${what}`);
  return DONE;
}

async function run(argv: readonly string[], context: Context): Promise<ExitCode> {
  const { values, positionals } = readArguments(argv, OPTIONS);
  const [action, key, extra] = positionals;
  if (action !== 'list' && action !== 'reconcile' && action !== 'settle')
    throw new UsageError(
      `journal needs list, reconcile or settle${action ? `, not "${action}"` : ''}`,
    );
  if (action === 'list' ? key !== undefined : extra !== undefined)
    throw new UsageError(`unexpected argument "${action === 'list' ? key : extra}"`);
  if (action !== 'list' && key === undefined)
    throw new UsageError(`missing <key>: seatpay journal ${action} <key>`);
  const open = journalOf(values.journal, context.env);
  const where = values.journal === undefined ? '' : ` --journal ${values.journal}`;
  try {
    const client = await clientOf(values, context.env);
    if (action === 'list') return await list(client, open, values, context);
    if (action === 'reconcile') return await reconcile(client, open, key!, where, context);
    return await settle(client, open, key!, values, context);
  } finally {
    await open.close();
  }
}

export const journal: Command = {
  name: 'journal',
  summary: "list a journal's keys; reconcile or settle one whose outcome is unknown",
  help: HELP,
  run,
};
