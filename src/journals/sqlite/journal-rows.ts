import type { JournalRecord } from '../journal.js';
import { isSettled } from '../record-rules.js';

// The fileJournal's one table, seatpay_journal: a row per key, and the statements on it.

/** key, record, stage, settled, written (ms since 1970; null when unreadable: never pruned). */
export function rowOf(
  key: string,
  record: JournalRecord,
): [string, string, string, number, number | null] {
  const written = Date.parse(record.updatedAt);
  return [
    key,
    JSON.stringify(record),
    record.stage,
    isSettled(record) ? 1 : 0,
    Number.isFinite(written) ? written : null,
  ];
}

const COLUMNS = '(key, record, stage, settled, written) VALUES (?, ?, ?, ?, ?)';
const REPLACE =
  'record = excluded.record, stage = excluded.stage, settled = excluded.settled, written = excluded.written';

export const SQL = {
  get: 'SELECT record FROM seatpay_journal WHERE key = ?',
  set: `INSERT INTO seatpay_journal ${COLUMNS} ON CONFLICT (key) DO UPDATE SET ${REPLACE}`,
  // One statement, atomic under SQLite's lock: a new key, or a refused call's (nothing charged).
  claim: `INSERT INTO seatpay_journal ${COLUMNS} ON CONFLICT (key) DO UPDATE SET ${REPLACE} WHERE seatpay_journal.stage = 'refused'`,
  // A write of the run holding the key, only while the key is still its live claim (held-claim.ts).
  setIfHeld: `UPDATE seatpay_journal SET record = ?, stage = ?, settled = ?, written = ? WHERE key = ? AND settled = 0 AND json_extract(record, '$.holder') = ? AND json_extract(record, '$.leaseUntil') IN (SELECT value FROM json_each(?))`,
  insertMissing: `INSERT INTO seatpay_journal ${COLUMNS} ON CONFLICT (key) DO NOTHING`,
  importedStamp: 'SELECT stamp FROM seatpay_journal_imports WHERE source = ?',
  markImported:
    'INSERT INTO seatpay_journal_imports (source, stamp) VALUES (?, ?) ON CONFLICT (source) DO UPDATE SET stamp = excluded.stamp',
  // BINARY collation: byte order of the UTF-8 text (as PostgreSQL's COLLATE "C"); paging by
  // `after` follows this same order.
  list: 'SELECT key, record FROM seatpay_journal WHERE (? IS NULL OR key > ?) ORDER BY key LIMIT ?',
  delete: 'DELETE FROM seatpay_journal WHERE key = ?',
  unclaim: 'DELETE FROM seatpay_journal WHERE key = ? AND record = ?',
  prune: 'DELETE FROM seatpay_journal WHERE settled = 1 AND written < ?',
} as const;
