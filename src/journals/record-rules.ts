/**
 * The rules every journal store applies the same way, on the shape of a record alone (so that
 * stores and the journal's interface can both use them): which records are settled, which may be
 * pruned, and the order and paging of `list`.
 */

/** What the rules read of a record. */
interface RecordShape {
  stage: string;
  updatedAt: string;
  settled?: unknown;
}

/**
 * Whether a record's outcome is settled, so that pruning may remove it: refused, done, or settled
 * by reconcile or an operator. A 'paying', 'sending', 'paid' or 'subscribed' record is kept: a
 * re-run needs it to finish without paying again.
 */
export function isSettled(record: RecordShape): boolean {
  return record.stage === 'refused' || record.stage === 'done' || record.settled !== undefined;
}

/**
 * Whether a re-run with the key can finish from this record without paying: a checkout's recorded
 * answer, or a purchase past paying (its payment or subscription known, or still to be awaited).
 */
export function canResume(record: RecordShape & { kind?: string; result?: unknown }): boolean {
  if (record.kind === 'checkout') return record.stage === 'done' && record.result !== undefined;
  return record.stage !== 'paying' || record.settled === undefined;
}

/** Whether `prune(olderThan)` removes this record: settled, and last written before `olderThan`. */
export function isPrunable(record: RecordShape, olderThan: Date): boolean {
  const written = Date.parse(record.updatedAt);
  return isSettled(record) && Number.isFinite(written) && written < olderThan.getTime();
}

/** The keys of one page of `list`: ascending, after `after`, at most `limit`. */
export function pageOf(keys: string[], options: { after?: string; limit?: number } = {}): string[] {
  const { after, limit } = options;
  const sorted = keys.filter((key) => after === undefined || key > after).sort(compareKeys);
  return limit === undefined ? sorted : sorted.slice(0, limit);
}

/**
 * Ascending by UTF-16 code units, as `<` compares strings (memory and localStorage journals).
 * SQLite and PostgreSQL sort by UTF-8 bytes: the same order but for characters past U+FFFF
 * against U+E000 to U+FFFF; each store pages by its own order, so paging never skips a key.
 */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
