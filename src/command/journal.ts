import { stat } from 'node:fs/promises';
import type { JournalEntry, SeatpayClient } from '../index.js';
import { readArguments, wholeNumber } from './arguments.js';
import { GLOBAL_HELP, type Command } from './command.js';
import {
  clientOf,
  journalClientOf,
  journalOf,
  refuseMistypedUrl,
  type Context,
  type OpenJournal,
} from './context.js';
import { DONE, UNSETTLED, type ExitCode } from './exit-codes.js';
import { identityOf, keyFlags, shellWord } from './keyed.js';
import { printableField } from './printable.js';
import { reading } from './read-failure.js';
import { givenValue, unknownWord } from './unknown-name.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  journal: { type: 'string' },
  stage: { type: 'string' },
  after: { type: 'string' },
  limit: { type: 'string' },
  charged: { type: 'boolean' },
  'not-charged': { type: 'boolean' },
  reason: { type: 'string' },
  identity: { type: 'string' },
} as const;

const STAGES = ['paying', 'sending', 'refused', 'paid', 'subscribed', 'done'];

const HELP = `seatpay journal: the keys a journal holds, and settling those whose outcome is
unknown.

Usage: seatpay journal list --journal <j> [--stage <stage>] [--after <key>]
                            [--limit <n>]
       seatpay journal reconcile <key> --journal <j> [--identity <id>]
       seatpay journal settle <key> --charged|--not-charged --reason <why>
                              --journal <j> [--identity <id>]

  list       each key with its kind, stage, charged (yes, no, unknown) and when
             it was written
  reconcile  asks the service what happened to the key's order, and records it
             where it can tell
  settle     records an operator's decision (after checking the invoices):
             charged or not; a key settled as not charged may run again

Options:
      --stage <stage>   list only the keys at this stage: one of
                        ${STAGES.join(', ')}
      --after <key>     list the keys after this one (in key order)
      --limit <n>       list at most this many keys
      --identity <id>   the identity the key's order was made with (default
                        SEATPAY_IDENTITY); without it, the key must be the
                        token's

list needs no service address and no token: it reads only the journal; settle
needs a token only for a key recorded without --identity. The journal <j> is a
file path or a postgres:// URL (the password in PGPASSWORD or ~/.pgpass, or the
whole URL in SEATPAY_JOURNAL: never on the command line).

${GLOBAL_HELP}

Exit codes: 0 done, 1 failed (the service or the journal could not be read: run
again), 2 usage mistake, 3 reconcile could not tell: settle it by hand,
5 the key is in progress elsewhere (another run holds it: run again later).
`;

type Values = ReturnType<typeof readArguments<typeof OPTIONS>>['values'];

/**
 * One line per key. Its fields are the journal's text, written by any program (an SDK key is any
 * string): a line break or tab in one would forge a line or a column ("done, charged yes" for a
 * key that is not), so each is printed on one line, controls escaped.
 */
function describe(entry: JournalEntry): string {
  const field = (value: unknown) => printableField(String(value));
  const settled = entry.settled
    ? `\tsettled ${entry.settled.charged === 'yes' ? 'charged' : 'not charged'} at ${field(entry.settled.at)}`
    : '';
  // A key a run holds: in progress while that run lives; if it died, settleable past this time,
  // said so once it is past by the journal's clock (an operator should not have to compare), and
  // of one further ahead than a live run's (a wrong clock's, a year on) too: as settle and
  // reconcile judge it (`leaseStatus`), never "lease until" next year.
  const until = field(entry.leaseUntil);
  // A purchase paid whose run ended before its subscription: known charged, nothing to settle
  // (settle and reconcile say so); its re-run with the key finishes it, never paying again.
  const next =
    entry.charged === 'yes'
      ? 'paid: run the purchase again with its key to finish it'
      : 'settleable, reconcile or settle it';
  // A run that ended without its outcome (its answer lost, its wait ran out) let its lease go by
  // writing it a lease before that write: "ran out at" a time before the run's own last write
  // read as if it had run out before the run did (newuser15). Such a lease is told with no time.
  const ranOut =
    Date.parse(String(entry.leaseUntil)) < Date.parse(entry.updatedAt) ? '' : ` at ${until}`;
  const lease = {
    held: `\tlease until ${until}`,
    expired: `\tlease ran out${ranOut}: ${next}`,
    orphaned: `\tlease until ${until} is no live run's (a wrong clock): ${next}`,
  };
  return `${field(entry.key)}\t${field(entry.kind)}\t${field(entry.stage)}\tcharged ${field(entry.charged)}\t${field(entry.updatedAt)}${settled}${entry.leaseStatus === undefined ? '' : lease[entry.leaseStatus]}`;
}

/** `list`'s --stage, --after and --limit, checked before the journal is opened (newuser23). */
function listFilters({ stage, after, limit }: Values) {
  if (stage !== undefined && !STAGES.includes(stage))
    throw new UsageError(`--stage must be one of ${STAGES.join(', ')}, not ${givenValue(stage)}`);
  return {
    ...(stage === undefined ? {} : { stage: stage as JournalEntry['stage'] }),
    ...(after === undefined ? {} : { after }),
    ...(limit === undefined ? {} : { limit: wholeNumber('--limit', limit) }),
  };
}

async function list(
  client: SeatpayClient,
  open: OpenJournal,
  values: Values,
  context: Context,
): Promise<ExitCode> {
  const query = { journal: open.journal, ...listFilters(values) };
  const entries = await reading(() => client.journal.list(query));
  for (const entry of entries) {
    context.secrets.keep(entry.key); // the user's own key (an order id), to reconcile or settle
    context.output.item(entry, describe(entry));
  }
  return DONE;
}

async function reconcile(
  client: SeatpayClient,
  open: OpenJournal,
  key: string,
  where: string,
  identity: string | undefined,
  context: Context,
): Promise<ExitCode> {
  const options = {
    journal: open.journal,
    signal: context.signal,
    ...(identity === undefined ? {} : { identity }),
  };
  const result = await reading(() => client.journal.reconcile(key, options));
  const { record: _record, ...shown } = result;
  // The evidence quotes the service's answer (an invoice's dates): kept on its line.
  context.output.result(
    shown,
    printableField(`${key}: charged ${result.charged} (${result.evidence})`),
  );
  if (result.charged !== 'unknown') return DONE;
  context.output.note(
    `seatpay: the service cannot tell; check the owner's invoices, then: seatpay journal settle ${shellWord(key)} --charged|--not-charged --reason "<why>"${where}`,
  );
  return UNSETTLED;
}

async function settle(
  open: OpenJournal,
  key: string,
  values: Values,
  identity: string | undefined,
  context: Context,
): Promise<ExitCode> {
  if (values.charged === values['not-charged'])
    throw new UsageError('settle needs exactly one of --charged or --not-charged');
  const reason = values.reason;
  if (!reason)
    throw new UsageError('settle needs --reason "<why>": it is recorded with the decision');
  const charged = values.charged ? 'yes' : 'no';
  // Only the journal is written: the token is read only to prove whose a key recorded under a
  // token is (one recorded with an identity is proven by --identity).
  const owned = (await open.journal.get(key))?.owner !== undefined;
  const client = await journalClientOf(values, context, owned && identity === undefined);
  await client.journal.settle(key, {
    journal: open.journal,
    charged,
    reason,
    ...(identity === undefined ? {} : { identity }),
  });
  const what =
    charged === 'yes' ? 'charged: it is never paid again' : 'not charged: it may run again';
  context.output.result({ key, charged, reason }, `${key}: settled as ${what}`);
  return DONE;
}

/**
 * A journal file that does not exist (a mistyped path): opening it made an empty one, so `list`
 * showed no key, none to settle, exit 0, and left a stray file (newuser20). These read a journal a
 * purchase or checkout wrote; a postgres URL is left to the database to answer.
 */
async function refuseMissingFile(where: string | undefined): Promise<void> {
  if (!where || /^postgres(ql)?:\/\//i.test(where)) return;
  refuseMistypedUrl(where);
  const missing = await stat(where).then(
    () => false,
    (error: { code?: string }) => error.code === 'ENOENT',
  );
  if (missing)
    throw new UsageError(
      `no journal at ${where}: check --journal (or SEATPAY_JOURNAL); a purchase or checkout run with it makes it`,
    );
}

async function run(argv: readonly string[], context: Context): Promise<ExitCode> {
  const { values, positionals } = readArguments(argv, OPTIONS);
  const [action, key, extra] = positionals;
  if (action !== 'list' && action !== 'reconcile' && action !== 'settle')
    throw new UsageError(
      `journal needs list, reconcile or settle${action ? `, not ${unknownWord(action, ['list', 'reconcile', 'settle'], 'the word given ')}` : ''}`,
    );
  if (action === 'list' ? key !== undefined : extra !== undefined)
    throw new UsageError(
      `unexpected argument ${givenValue((action === 'list' ? key : extra) ?? '')}`,
    );
  if (action !== 'list' && key === undefined)
    throw new UsageError(`missing <key>: seatpay journal ${action} <key>`);
  const identity = identityOf(values.identity, context.env);
  if (action === 'list') listFilters(values);
  await refuseMissingFile(values.journal ?? context.env.SEATPAY_JOURNAL);
  const open = journalOf(values.journal, context);
  const where = keyFlags(values.journal, values.identity);
  try {
    if (action === 'list')
      return await list(await journalClientOf(values, context, false), open, values, context);
    if (action === 'settle') return await settle(open, key!, values, identity, context);
    const client = await clientOf(values, context);
    return await reconcile(client, open, key!, where, identity, context);
  } finally {
    await open.close();
  }
}

export const journal: Command = {
  name: 'journal',
  summary: "list a journal's keys; reconcile or settle an unknown outcome",
  help: HELP,
  run,
};
