import type { JournalRecord } from './journal.js';
import { leaseStatusHere } from './key-holder.js';
import type { Settlement } from './settlement.js';

/**
 * One key of a journal as `client.journal.list` shows it: what it recorded, how far it got,
 * whether the money moved, when it was last written, and how it was settled, if it was.
 *
 * @example
 * ```ts
 * const unknown = (await client.journal.list()).filter((entry) => entry.charged === 'unknown');
 * ```
 * @category Journals
 */
export interface JournalEntry {
  /** The key. */
  key: string;
  /** What was recorded: a purchase or a consumable checkout. */
  kind: 'purchase' | 'checkout';
  /** How far it got (`'paying'`, `'sending'`, `'paid'`, `'subscribed'`, `'done'`, `'refused'`). */
  stage: JournalRecord['stage'];
  /** Whether the money moved, as far as known. */
  charged: 'no' | 'unknown' | 'yes';
  /** When the record was last written (ISO 8601). */
  updatedAt: string;
  /** How an unknown outcome was settled, when it was. */
  settled?: Settlement | undefined;
  /**
   * While a run holds the key (its claim not ended, not settled): when its lease runs out (ISO
   * 8601, by the journal's clock). A live run renews it; once it is past, that run is dead and an
   * unknown outcome is settleable. Absent when no run holds the key.
   */
  leaseUntil?: string | undefined;
  /**
   * Whether a live run holds the key, judged when it was listed on the journal's clock exactly as
   * `settle` and `reconcile` judge it (present with `leaseUntil`):
   * - `'held'`: a live run holds it; `settle` and `reconcile` reject with `KeyInProgressError`.
   *   Wait: if that run died, the key becomes settleable at `leaseUntil`.
   * - `'expired'`: its lease ran out (its run died, or ended without its outcome): settleable now.
   * - `'orphaned'`: its lease has not run out, yet no live run holds it: settleable now. It reads
   *   further ahead than a live run's lease can (a wrong clock wrote it), or a run of this process
   *   left it behind (the journal was away when it ended).
   *
   * @example
   * ```ts
   * const settleable = (await client.journal.list()).filter(
   *   (entry) => entry.charged === 'unknown' && entry.leaseStatus !== 'held',
   * );
   * ```
   */
  leaseStatus?: 'held' | 'expired' | 'orphaned' | undefined;
}

/**
 * What `client.journal.reconcile` found: whether the key's call was charged as far as the service
 * can tell (`'unknown'` when it cannot: settle it then), the record as it now is, and the evidence.
 *
 * @example
 * ```ts
 * const { charged, evidence } = await client.journal.reconcile('order-7');
 * if (charged === 'unknown') console.log('the service cannot tell:', evidence);
 * ```
 * @category Journals
 */
export interface ReconcileResult {
  /** The key. */
  key: string;
  /** Whether the money moved, as the service's records show; `'unknown'` when they cannot tell. */
  charged: 'yes' | 'no' | 'unknown';
  /** The key's record after reconciling (written when the service could tell). */
  record: JournalRecord;
  /** What the service showed, in words (the subscription or invoice that names it, or why not). */
  evidence: string;
}

/**
 * The entry `list` shows for a record, its lease judged at `now` (the journal's clock); `ended`: a
 * run of the key here ended while it was read.
 */
export function entryOf(
  key: string,
  record: JournalRecord,
  now: number,
  ended = false,
): JournalEntry {
  const leaseStatus = leaseStatusHere(key, record, now, ended);
  return {
    key,
    kind: record.kind ?? 'purchase',
    stage: record.stage,
    charged: record.charged,
    updatedAt: record.updatedAt,
    ...(record.settled === undefined ? {} : { settled: record.settled }),
    ...(leaseStatus === undefined ? {} : { leaseUntil: record.leaseUntil!, leaseStatus }),
  };
}
