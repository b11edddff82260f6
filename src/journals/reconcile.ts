import { noRecordError } from './no-record.js';
import { decisionInProgress } from './decision-in-progress.js';
import { writeOverRead } from './decision-write.js';
import type { JournalRecord } from './journal.js';
import { withoutLease } from './key-lease.js';
import {
  checkoutEvidence,
  type CheckoutEvidenceCalls,
  type TokenField,
} from './checkout-evidence.js';
import type { JournalAccess } from './journal-access.js';
import type { ReconcileResult } from './journal-entry.js';
import { purchaseEvidence, type PurchaseEvidenceCalls } from './purchase-evidence.js';

/** The service calls reconcile makes: read-only listings. */
export type ReconcileCalls = PurchaseEvidenceCalls & CheckoutEvidenceCalls;

/**
 * Asks the service what happened to the call recorded under `key` and records the outcome when
 * the service can tell: charged → the record completed as far as known (a re-run follows it and
 * never pays); not charged → the key is free again. A record whose outcome is known already is
 * reported as it is, and nothing is asked. What the service listed goes through `redact` (the
 * client's secrets hidden) before anything of it is recorded or returned: a listing may quote a
 * token or a card.
 */
export async function reconcile(
  calls: ReconcileCalls,
  journal: JournalAccess,
  key: string,
  signal: AbortSignal | undefined,
  redact: <T>(value: T) => T,
  tokenField?: TokenField,
): Promise<ReconcileResult> {
  return redact(await reconciled(calls, journal, key, signal, redact, tokenField));
}

async function reconciled(
  calls: ReconcileCalls,
  journal: JournalAccess,
  key: string,
  signal: AbortSignal | undefined,
  redact: <T>(value: T) => T,
  tokenField: TokenField | undefined,
): Promise<ReconcileResult> {
  const record = await journal.get(key, signal);
  if (record === undefined) {
    throw noRecordError(key);
  }
  const known =
    record.settled?.charged ?? (record.charged === 'unknown' ? undefined : record.charged);
  if (known !== undefined) {
    return { key, charged: known, record, evidence: `already known: ${describe(record)}` };
  }
  const found = redact(
    record.kind === 'checkout'
      ? await checkoutEvidence(calls, journal, key, record, signal, tokenField)
      : await purchaseEvidence(calls, record, signal),
  );
  if (found.charged === 'unknown') return { key, record, ...found, charged: 'unknown' };
  // Read again: a run with the key may have finished meanwhile; its own record then stands.
  const latest = (await journal.get(key, signal)) ?? record;
  if (isKnown(latest)) return asRecorded(key, latest, found.evidence);
  const at = new Date().toISOString();
  const settled = { charged: found.charged, at, reason: found.evidence, by: 'service' as const };
  // Without the claim it decides, as settle's (settle.ts).
  const next = {
    ...withoutLease(latest),
    ...found.change,
    ...(found.charged === 'no' ? { stage: 'refused' as const } : {}),
    charged: found.charged,
    settled,
    updatedAt: at,
  } as JournalRecord;
  // Over the record the evidence is about: a claim made since (the key settled and run again) is
  // another run's, which this finding says nothing of.
  if (await writeOverRead(journal, key, next, record))
    return { key, charged: found.charged, record: next, evidence: found.evidence };
  // Written meanwhile (a run of another process finished, or renewed its claim): nothing written.
  const now = await journal.get(key, signal);
  if (now !== undefined && isKnown(now)) return asRecorded(key, now, found.evidence);
  throw decisionInProgress(key, now?.leaseUntil);
}

function isKnown(record: JournalRecord): boolean {
  return record.charged !== 'unknown' || record.settled !== undefined;
}

function asRecorded(key: string, record: JournalRecord, evidence: string): ReconcileResult {
  return { key, charged: record.settled?.charged ?? record.charged, record, evidence };
}

function describe(record: JournalRecord): string {
  const { settled } = record;
  if (settled)
    return `settled as charged "${settled.charged}" by ${settled.by} at ${settled.at}: ${settled.reason}`;
  return `charged "${record.charged}" at stage "${record.stage}"`;
}
