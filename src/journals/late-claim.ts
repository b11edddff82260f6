import type { JournalRecord, PurchaseJournal } from './journal.js';

/**
 * Per journal, the keys whose claim landed after their call gave up, while that claim is released
 * (see `KeyedJournal.claim`): a run of the key in this process reads it only after.
 */
const releasing = new WeakMap<PurchaseJournal, Map<string, Promise<void>>>();

/** The release of a late claim of `key` still going on in this process, if any. */
export function releaseOf(journal: PurchaseJournal, key: string): Promise<void> | undefined {
  return releasing.get(journal)?.get(key);
}

/** Frees the key if the claim given up on lands after all (a late `true`). */
export function releaseIfLanded(
  journal: PurchaseJournal,
  key: string,
  landing: Promise<boolean>,
  claimed: JournalRecord,
): void {
  const refused = {
    ...claimed,
    stage: 'refused',
    charged: 'no',
    updatedAt: new Date().toISOString(),
  } as JournalRecord;
  let keys = releasing.get(journal);
  if (!keys) releasing.set(journal, (keys = new Map()));
  const release: Promise<void> = landing
    .then((landed) => (landed ? journal.set(key, refused) : undefined))
    // A journal failing now leaves the claim as it was: unsettled, as any lost write.
    .catch(() => undefined)
    .finally(() => {
      if (keys.get(key) === release) keys.delete(key);
    });
  keys.set(key, release);
}
