// The options of `client.journal`'s methods (journals/client-journal.ts).
import type { PurchaseJournal, JournalRecord } from './journal.js';

/**
 * The options of `client.journal.list`.
 *
 * @example
 * ```ts
 * const query: JournalListQuery = { journal, after: 'order-100', limit: 50, stage: 'paying' };
 * ```
 * @category Journals
 */
export interface JournalListQuery {
  /** The journal to read; default: the client's own. */
  journal?: PurchaseJournal;
  /** Only keys after this one. */
  after?: string;
  /** At most this many entries. */
  limit?: number;
  /** Only entries at this stage. */
  stage?: JournalRecord['stage'];
}

/**
 * The options of `client.journal.reconcile`.
 *
 * @example
 * ```ts
 * const options: ReconcileOptions = { journal, signal: AbortSignal.timeout(30_000) };
 * ```
 * @category Journals
 */
export interface ReconcileOptions {
  /** The journal that holds the key; default: the client's own. */
  journal?: PurchaseJournal;
  /** Cancels the listings. */
  signal?: AbortSignal;
  /** The `identity` the key's call was made with, if it was given one (else the token's). */
  identity?: string;
}

/**
 * The options of `client.journal.settle`: the decision and why.
 *
 * @example
 * ```ts
 * const decision: SettleOptions = { charged: 'yes', reason: 'the charge is on the card statement' };
 * ```
 * @category Journals
 */
export interface SettleOptions {
  /** The journal that holds the key; default: the client's own. */
  journal?: PurchaseJournal;
  /** Whether the money moved. */
  charged: 'yes' | 'no';
  /** Why you decide this; kept with the record. */
  reason: string;
  /**
   * Ends the wait for another decision this process is taking on the key (a journal read that
   * hangs there holds every later one) and the reads of the key; a write once begun is finished.
   */
  signal?: AbortSignal;
  /** The `identity` the key's call was made with, if it was given one (else the token's). */
  identity?: string;
}

/**
 * The options of `client.journal.prune`.
 *
 * @example
 * ```ts
 * const options: PruneOptions = { olderThan: new Date(Date.now() - 400 * 86_400_000) };
 * ```
 * @category Journals
 */
export interface PruneOptions {
  /** The journal to prune; default: the client's own. */
  journal?: PurchaseJournal;
  /** Settled records last written before this are removed. */
  olderThan: Date;
}
