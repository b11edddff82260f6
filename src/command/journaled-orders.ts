import type { PurchaseJournal } from '../index.js';
import { runOrders, type BatchRow } from './batch.js';
import { journalOf, type Context } from './context.js';
import type { ExitCode } from './exit-codes.js';
import { keyFlags, settleAdvice } from './keyed.js';

/** The rows of a money command's orders, and its batch when it runs a CSV. */
export interface JournaledOrders<T> {
  rows: readonly BatchRow<T>[];
  batch: { concurrency: number } | undefined;
}

/**
 * Runs a money command's orders (`checkout`, `purchase`) with the journal `--journal` names open,
 * and closed whatever happens: `start` makes the rows once it is open. A row that may have been
 * charged is told with the `seatpay journal reconcile` line that settles its key, under the same
 * `--journal` and `--identity`.
 */
export async function runJournaledOrders<T>(
  values: { journal?: string; identity?: string },
  context: Context,
  describe: (result: T) => string,
  start: (journal: PurchaseJournal) => Promise<JournaledOrders<T>>,
): Promise<ExitCode> {
  const open = journalOf(values.journal, context);
  try {
    const { rows, batch } = await start(open.journal);
    const flags = keyFlags(values.journal, values.identity);
    const settle = (key: string) => settleAdvice(key, flags);
    return await runOrders(rows, batch, settle, describe, context);
  } finally {
    await open.close();
  }
}
