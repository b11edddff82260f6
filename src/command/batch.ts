import { AdvisedError } from './advised-error.js';
import { counted } from './counted.js';
import type { Context } from './context.js';
import {
  DONE,
  FAILED,
  IN_PROGRESS,
  INTERRUPTED,
  orderExitCodeOf,
  REFUSED,
  serviceCodeOf,
  UNSETTLED,
  USAGE,
  worse,
  type ExitCode,
} from './exit-codes.js';
import { paidFor, shellWord } from './keyed.js';
import { printableField } from './printable.js';

// Batches (`--csv`): every row checked before the first is sent, rows run `--concurrency` at a
// time, each under its own key, one line per row as it ends, and a summary that says what to do.
// A stop (Ctrl-C, SIGTERM, a closed stdout) starts no new row; the rows in flight finish and are
// recorded, under `context.abort`, which only a second Ctrl-C fires.

/** One row, checked: its key, its line in the file, and what it runs. */
export interface BatchRow<T = unknown> {
  key: string;
  line: number;
  /** Resolves with the result and whether it was replayed from the journal. */
  run(signal: AbortSignal): Promise<{ result: T; replayed: boolean }>;
}

export type RowStatus =
  | 'done'
  | 'replayed'
  | 'refused'
  | 'failed'
  | 'invalid'
  | 'unsettled'
  | 'in-progress'
  | 'interrupted';

export interface RowOutcome {
  key: string;
  line: number;
  status: RowStatus;
  /** The row's exit code. */
  exit: ExitCode;
  /** The service's code for a refusal (`service-not-found` ...), when it named one. */
  code?: string;
  result?: unknown;
  error?: string;
  /** An unsettled row whose card WAS charged (its wait ran out): a re-run with its key finishes it. */
  paid?: boolean;
}

const STATUS_OF: Record<ExitCode, RowStatus> = {
  [DONE]: 'done',
  [FAILED]: 'failed',
  [USAGE]: 'invalid',
  [UNSETTLED]: 'unsettled',
  [REFUSED]: 'refused',
  [IN_PROGRESS]: 'in-progress',
  [INTERRUPTED]: 'interrupted',
};

/** Every row whose key is on an earlier row too: two rows under one key would be one order. */
export function repeatedKeys(rows: readonly { key: string; line: number }[]): string[] {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  for (const { key, line } of rows) {
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line);
    else
      problems.push(
        `line ${line}: key "${key}" is also on line ${first}; give each row its own key`,
      );
  }
  return problems;
}

async function runRow(row: BatchRow, signal: AbortSignal): Promise<RowOutcome> {
  const { key, line } = row;
  try {
    const { result, replayed } = await row.run(signal);
    return { key, line, status: replayed ? 'replayed' : 'done', exit: DONE, result };
  } catch (error) {
    const exit = orderExitCodeOf(error);
    const code = serviceCodeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    return {
      key,
      line,
      status: STATUS_OF[exit],
      exit,
      ...(code === undefined ? {} : { code }),
      error: message,
      ...(exit === UNSETTLED && paidFor(error) ? { paid: true } : {}),
    };
  }
}

/** A row's line: what came from the row or the service printed, never obeyed. */
function describeRow(outcome: RowOutcome): string {
  const code = outcome.code === undefined ? '' : ` [${printableField(outcome.code)}]`;
  const what = outcome.error === undefined ? '' : `${code}: ${printableField(outcome.error)}`;
  return `line ${outcome.line} ${printableField(outcome.key)}: ${outcome.status}${what}`;
}

/** Says once, on stderr, that the batch is stopping and what happens to the rows in flight. */
function onStop(halt: AbortSignal, context: Context, inFlight: () => number): void {
  const say = () => {
    const why = context.signal.aborted ? 'stopping' : 'stopping (output closed)';
    const running = inFlight();
    const [rows, finish, them] =
      running === 1 ? ['row', 'finishes and is', 'it'] : ['rows', 'finish and are', 'them'];
    context.output.note(
      `${why}: no new row starts; the ${running} ${rows} in flight ${finish} recorded` +
        (context.signal.aborted ? ` (Ctrl-C again stops ${them} too)` : ''),
    );
  };
  if (halt.aborted) say();
  else halt.addEventListener('abort', say, { once: true });
}

/**
 * Runs the rows, at most `concurrency` at once. A stop (`context.signal`, or `context.closed`)
 * starts no new row; the rows in flight run under `context.abort ?? context.signal`, so that
 * they finish and are recorded.
 */
export async function runBatch(
  rows: readonly BatchRow[],
  concurrency: number,
  context: Context,
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  const halt = context.closed ? AbortSignal.any([context.signal, context.closed]) : context.signal;
  const rowSignal = context.abort ?? context.signal;
  let next = 0;
  let running = 0;
  onStop(halt, context, () => running);
  const worker = async () => {
    while (next < rows.length && !halt.aborted) {
      running++;
      const outcome = await runRow(rows[next++]!, rowSignal);
      running--;
      outcomes.push(outcome);
      context.output.item(outcome, describeRow(outcome));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  return outcomes;
}

/** The summary on stderr, and the exit code of the worst row. */
export function summarize(
  total: number,
  outcomes: readonly RowOutcome[],
  settle: (key: string) => string,
  context: Context,
): ExitCode {
  const count = (status: RowStatus) => outcomes.filter((outcome) => outcome.status === status);
  const unsettled = count('unsettled').filter((row) => !row.paid);
  const paid = count('unsettled').filter((row) => row.paid);
  const notRun = total - outcomes.length;
  const parts = [
    `${count('done').length} done`,
    `${count('replayed').length} replayed`,
    `${count('refused').length} refused by the service (fix the row)`,
    `${count('failed').length} failed (nothing charged: run again)`,
    `${count('in-progress').length} in progress elsewhere (run again later)`,
    `${count('invalid').length} refused as invalid`,
    `${unsettled.length} to settle`,
    ...(paid.length
      ? [
          `${paid.length} charged, to finish (run again with ${paid.length === 1 ? 'its key' : 'their keys'})`,
        ]
      : []),
    ...(count('interrupted').length ? [`${count('interrupted').length} stopped`] : []),
    ...(notRun > 0 ? [`${notRun} not started (interrupted: run again)`] : []),
  ];
  context.output.note(`summary: ${counted(total, 'row')}: ${parts.join(', ')}`);
  for (const row of paid)
    context.output.note(
      `to finish: line ${row.line} key ${row.key} WAS charged: run this batch again, its rows keep their keys, to finish it (it never pays again); never buy it under a new key`,
    );
  for (const row of unsettled)
    context.output.note(
      `to settle: line ${row.line} key ${row.key} may have been charged; ${settle(row.key)}`,
    );
  const worst = outcomes.reduce<ExitCode>((code, outcome) => worse(code, outcome.exit), DONE);
  return notRun > 0 ? worse(worst, INTERRUPTED) : worst;
}

/** One order: its result on stdout; a failure whose outcome is unknown says how to settle it. */
async function runOne<T>(
  row: BatchRow<T>,
  settle: (key: string) => string,
  describe: (result: T) => string,
  context: Context,
): Promise<ExitCode> {
  try {
    const { result } = await row.run(context.signal);
    context.output.result(result, describe(result));
    return DONE;
  } catch (error) {
    const exit = orderExitCodeOf(error);
    // Charged for sure (the subscription's wait ran out, say): finished by a re-run with the key.
    if (exit === UNSETTLED && paidFor(error))
      throw new AdvisedError(
        error,
        `run this command again with --key ${shellWord(row.key)} to finish it (it never pays again); never buy it under a new key`,
      );
    if (exit === UNSETTLED)
      throw new AdvisedError(error, `it may have been charged: ${settle(row.key)}`);
    if (exit === REFUSED)
      throw new AdvisedError(error, 'refused by the service: fix the order (nothing was charged)', {
        exit,
        code: serviceCodeOf(error),
      });
    throw error;
  }
}

/**
 * Runs one order (its result on stdout, a failure thrown for the one-line message) or a batch
 * (a line per row, the summary, the worst row's exit code).
 */
export async function runOrders<T>(
  rows: readonly BatchRow<T>[],
  batch: { concurrency: number } | undefined,
  settle: (key: string) => string,
  describe: (result: T) => string,
  context: Context,
): Promise<ExitCode> {
  // A CSV's keys are the user's (a shop's order ids): printed as given, card-shaped or not.
  context.secrets.keep(...rows.map((row) => row.key));
  if (!batch) return runOne(rows[0]!, settle, describe, context);
  const outcomes = await runBatch(rows, batch.concurrency, context);
  return summarize(rows.length, outcomes, settle, context);
}
