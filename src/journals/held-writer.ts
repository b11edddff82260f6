import type { HeldClaim } from './held-claim.js';
import type { JournalOptions, JournalRecord, PurchaseJournal } from './journal.js';

type SetIfHeld = NonNullable<PurchaseJournal['setIfHeld']>;

/** Each `setIfHeld` of a journal seatpay made, with the `set` of the same store. */
const setOf = new WeakMap<SetIfHeld, PurchaseJournal['set']>();

/**
 * `journal`, its `setIfHeld` marked as writing the store its own `set` writes (the journals
 * seatpay ships). A user's journal spreading one of them with its own `set` (adding a field,
 * auditing, sealing) brings our `setIfHeld` along: {@link heldWriterOf} then leaves it out.
 */
export function pairedWithSet<J extends PurchaseJournal>(journal: J): J {
  if (journal.setIfHeld) setOf.set(journal.setIfHeld, journal.set);
  return journal;
}

/**
 * The journal's `setIfHeld` as a run holding a key writes with it; undefined when the journal has
 * none, or has ours beside another `set`: it would skip that `set` (its audit, its added fields)
 * and compare records in a shape the user's `get` may not read (a sealed record never matches: a
 * refusal never lands, the key is left unknown). The run then reads, then writes with their `set`.
 */
export function heldWriterOf(
  journal: PurchaseJournal,
):
  | ((
      key: string,
      record: JournalRecord,
      held: HeldClaim,
      options?: JournalOptions,
    ) => Promise<boolean>)
  | undefined {
  const { setIfHeld } = journal;
  if (!setIfHeld) return undefined;
  const set = setOf.get(setIfHeld);
  if (set !== undefined && set !== journal.set) return undefined;
  return setIfHeld.bind(journal);
}
