import { SettleRefusedError } from './journal-errors.js';
import { noRecordError } from './no-record.js';
import { InvalidRequestError } from '../core/errors/validation-errors.js';
import type { JournalRecord } from './journal.js';
import type { Settlement } from './settlement.js';
import { withoutLease } from './key-lease.js';

/**
 * The record of `key` once settled as `settlement` says. Only an unknown outcome can be settled:
 * no record, a record already settled, or one whose `charged` is known is refused with
 * {@link SettleRefusedError}. Settled as not charged, the record reads as refused, which frees the
 * key in every journal; settled as charged, a re-run never pays (it follows or refuses).
 */
export function settledRecord(
  key: string,
  record: JournalRecord | undefined,
  settlement: Settlement,
): JournalRecord {
  if (record === undefined) {
    throw noRecordError(key);
  }
  const { settled } = record;
  if (settled !== undefined) {
    throw new SettleRefusedError(
      key,
      `The key "${key}" was settled already as charged "${settled.charged}" (by ${settled.by} at ${settled.at}: ${settled.reason}): that decision stands, nothing was written${settled.charged === 'no' ? '; the key may run again' : '; the key is never paid again'}`,
    );
  }
  if (record.charged !== 'unknown') {
    throw new SettleRefusedError(
      key,
      `The outcome of the key "${key}" is known (charged "${record.charged}", stage "${record.stage}"): there is nothing to settle`,
    );
  }
  const updatedAt = settlement.at;
  // Without the claim it decides (withoutLease): a compare-and-set over that claim (another
  // decision's, a frozen run's heartbeat) in a journal that forgets settled records end claims
  // would match it still, and write "refused" over "charged" (the next run paid again).
  const decided = withoutLease(record);
  return settlement.charged === 'no'
    ? { ...decided, stage: 'refused', charged: 'no', settled: settlement, updatedAt }
    : { ...decided, charged: 'yes', settled: settlement, updatedAt };
}

/** Checks an operator's `settle` options before anything is read: a typed error naming the field. */
export function checkSettleOptions(options: unknown): { charged: 'yes' | 'no'; reason: string } {
  const given = (typeof options === 'object' && options !== null ? options : {}) as {
    charged?: unknown;
    reason?: unknown;
  };
  if (given.charged !== 'yes' && given.charged !== 'no') {
    throw new InvalidRequestError(
      "Invalid charged: must be 'yes' (the money moved) or 'no' (it did not)",
      { field: 'charged' },
    );
  }
  if (typeof given.reason !== 'string' || given.reason.trim() === '') {
    throw new InvalidRequestError(
      'Invalid reason: say why you decide this (a non-empty string, kept with the record)',
      { field: 'reason' },
    );
  }
  return { charged: given.charged, reason: given.reason };
}
