import { heldWriterOf } from './held-writer.js';
import type { JournalAccess } from './journal-access.js';
import type { JournalRecord } from './journal.js';
import { isSettled } from './record-rules.js';

/**
 * Writes a decision on an unknown outcome (an operator's `settle`, `reconcile`'s finding) over the
 * record `read`, and over nothing else: a run of another process may finish the key between the
 * read and this write, and "refused" written over its paid "done" let the next run pay again. In
 * one step with the journal's compare-and-set (`setIfHeld`) when `read` names its claim (holder and
 * lease, as every claim since leases were kept does, and a run that ended without knowing keeps
 * under a lease run out: key-lease.ts releasedClaim). Else (a record of an earlier build, whose
 * runs that ended unknown dropped both; a journal without `setIfHeld`) read again just
 * before the write, and written only if unchanged: another decision landing during this one's
 * (reconcile's "done", then settle's "refused" over it, and the next run paid again) is seen, and
 * the window left is one read's. Resolves false when the key changed since the read: nothing was
 * written.
 */
export async function writeOverRead(
  journal: JournalAccess,
  key: string,
  next: JournalRecord,
  read: JournalRecord,
): Promise<boolean> {
  const setIfHeld = journal.reading(heldWriterOf);
  const { holder, leaseUntil } = read;
  if (setIfHeld && typeof holder === 'string' && typeof leaseUntil === 'string' && !isSettled(read))
    return journal.setIf(key, () => setIfHeld(key, next, { holder, leases: [leaseUntil] }));
  if (stateOf(await journal.get(key)) !== stateOf(read)) return false;
  await journal.set(key, next);
  return true;
}

/** What a write of the key changes (a journal of the user's may add fields of its own to a read). */
function stateOf(record: JournalRecord | undefined): string {
  const { stage, charged, settled, updatedAt, holder, leaseUntil } = record ?? {};
  return JSON.stringify([stage, charged, settled, updatedAt, holder, leaseUntil]);
}
