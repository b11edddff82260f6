import type { JournalRecord, PurchaseJournal } from './journal.js';
import { heldWriterOf } from './held-writer.js';
import { withoutLease } from './key-lease.js';
import type { OwnLease } from './own-lease.js';
import { promiseOf } from './journal-call.js';

/**
 * Per journal, the keys whose claim landed after their call gave up, while that claim is released
 * (see `KeyedJournal.claim`): a run of the key in this process reads it only after.
 */
const releasing = new WeakMap<PurchaseJournal, Map<string, Promise<void>>>();

/** The release of a late claim of `key` still going on in this process, if any. */
export function releaseOf(journal: PurchaseJournal, key: string): Promise<void> | undefined {
  return releasing.get(journal)?.get(key);
}

/**
 * Frees the key if the claim given up on lands after all (a late `true`), while the key still
 * holds that claim (`claimed`, as written: its holder and lease). A late answer may come after the
 * lease ran out, the key was settled and another run paid it: a "refused" written over that would
 * free a paid key, and the next run pay again. Written only while the key is still that claim:
 * in one step with the journal's `setIfHeld`; else read, then written (the window is that of any
 * run frozen past its lease: own-lease.ts).
 */
export function releaseIfLanded(
  journal: PurchaseJournal,
  key: string,
  landing: Promise<boolean>,
  claimed: JournalRecord,
  own?: Pick<OwnLease, 'holds' | 'held'>,
): void {
  const refused = {
    ...withoutLease(claimed),
    stage: 'refused',
    charged: 'no',
    updatedAt: new Date().toISOString(),
  } as JournalRecord;
  let keys = releasing.get(journal);
  if (!keys) releasing.set(journal, (keys = new Map()));
  const stillClaimed = async () => isClaim(await promiseOf(() => journal.get(key)), claimed, own);
  const held = own?.held() ?? {
    holder: String(claimed.holder),
    leases: [String(claimed.leaseUntil)],
  };
  const free = async () => {
    // In one step where the journal can; else read, then written. Read here, in the release: read
    // at once, a getter that threw replaced the claim's own error with its raw one, a secret it
    // quoted printed (review13a); here it is a failed release, the claim left as it was.
    const setIfHeld = heldWriterOf(journal);
    // Adopted as a journal call's answer is (journal-call.ts): a thenable answering with itself
    // ends in a rejection, never a microtask loop without end.
    if (setIfHeld) await promiseOf(() => setIfHeld(key, refused, held));
    else if (await stillClaimed()) await promiseOf(() => journal.set(key, refused));
  };
  const release: Promise<void> = landing
    .then(async (landed) => (landed ? free() : undefined))
    // A journal failing now leaves the claim as it was: unsettled, as any lost write.
    .catch(() => undefined)
    .finally(() => {
      if (keys.get(key) === release) keys.delete(key);
    });
  keys.set(key, release);
}

/**
 * Whether `found` is the very claim written (the same holder, the same lease), or with `own` (the
 * run's leases) one of its renewals: a renewal whose answer was lost may have landed.
 */
function isClaim(found: unknown, claimed: JournalRecord, own?: Pick<OwnLease, 'holds'>): boolean {
  const record = found as JournalRecord | undefined | null;
  if (typeof record !== 'object' || record === null) return false;
  if (record.stage !== claimed.stage || record.settled !== undefined) return false;
  if (own) return own.holds(record);
  return (
    typeof claimed.leaseUntil === 'string' &&
    record.holder === claimed.holder &&
    record.leaseUntil === claimed.leaseUntil
  );
}
