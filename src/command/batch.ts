import { AdvisedError } from './advised-error.js';
import type { Context } from './context.js';
import {
  DONE,
  exitCodeOf,
  FAILED,
  IN_PROGRESS,
  INTERRUPTED,
  UNSETTLED,
  USAGE,
  worse,
  type ExitCode,
} from './exit-codes.js';
import { UsageError } from './usage-error.js';

// Batches (`--csv`): every row checked before the first is sent, rows run `--concurrency` at a
// time, each under its own key, one line per row as it ends, and a summary that says what to do.

/** One row, checked: its key, its line in the file, and what it runs. */
export interface BatchRow<T = unknown> {
  key: string;
  line: number;
  /** Resolves with the result and whether it was replayed from the journal. */
  run(): Promise<{ result: T; replayed: boolean }>;
}

export type RowStatus =
  'done' | 'replayed' | 'failed' | 'invalid' | 'unsettled' | 'in-progress' | 'interrupted';

export interface RowOutcome {
  key: string;
  line: number;
  status: RowStatus;
  code: ExitCode;
  result?: unknown;
  error?: string;
}

const STATUS_OF: Record<ExitCode, RowStatus> = {
  [DONE]: 'done',
  [FAILED]: 'failed',
  [USAGE]: 'invalid',
  [UNSETTLED]: 'unsettled',
  [IN_PROGRESS]: 'in-progress',
  [INTERRUPTED]: 'interrupted',
};

/** Refuses a batch whose keys repeat: two rows under one key would be one order. */
export function checkKeys(rows: readonly { key: string; line: number }[], file: string): void {
  const seen = new Map<string, number>();
  for (const { key, line } of rows) {
    const first = seen.get(key);
    if (first !== undefined)
      throw new UsageError(
        `${file} line ${line}: key "${key}" is also on line ${first}; give each row its own key`,
      );
    seen.set(key, line);
  }
}

async function runRow(row: BatchRow): Promise<RowOutcome> {
  const { key, line } = row;
  try {
    const { result, replayed } = await row.run();
    return { key, line, status: replayed ? 'replayed' : 'done', code: DONE, result };
  } catch (error) {
    const code = exitCodeOf(error);
    return { key, line, status: STATUS_OF[code], code, error: (error as Error).message };
  }
}

function describeRow(outcome: RowOutcome): string {
  const what = outcome.error === undefined ? '' : `: ${outcome.error}`;
  return `line ${outcome.line} ${outcome.key}: ${outcome.status}${what}`;
}

/** Runs the rows, at most `concurrency` at once, and stops starting new ones on Ctrl-C. */
export async function runBatch(
  rows: readonly BatchRow[],
  concurrency: number,
  context: Context,
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length && !context.signal.aborted) {
      const outcome = await runRow(rows[next++]!);
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
  const unsettled = count('unsettled');
  const notRun = total - outcomes.length;
  const parts = [
    `${count('done').length} done`,
    `${count('replayed').length} replayed`,
    `${count('failed').length} failed (nothing charged: run again)`,
    `${count('invalid').length} refused as invalid`,
    `${unsettled.length} to settle`,
    `${count('in-progress').length} in progress elsewhere (run again later)`,
    ...(notRun > 0 ? [`${notRun} not started (interrupted: run again)`] : []),
  ];
  context.output.note(`summary: ${total} rows: ${parts.join(', ')}`);
  for (const row of unsettled)
    context.output.note(
      `to settle: line ${row.line} key ${row.key} may have been charged; ${settle(row.key)}`,
    );
  const worst = outcomes.reduce<ExitCode>((code, outcome) => worse(code, outcome.code), DONE);
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
    const { result } = await row.run();
    context.output.result(result, describe(result));
    return DONE;
  } catch (error) {
    if (exitCodeOf(error) !== UNSETTLED) throw error;
    throw new AdvisedError(error, `it may have been charged: ${settle(row.key)}`);
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
  if (!batch) return runOne(rows[0]!, settle, describe, context);
  const outcomes = await runBatch(rows, batch.concurrency, context);
  return summarize(rows.length, outcomes, settle, context);
}
