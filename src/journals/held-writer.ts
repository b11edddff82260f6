import type { PurchaseJournal } from './journal.js';

type SetIfHeld = NonNullable<PurchaseJournal['setIfHeld']>;

/**
 * On each `setIfHeld` of a journal seatpay made: the `set` of the same store. A registered symbol,
 * not a module's WeakMap: a journal from `seatpay/postgres` loaded by `require` and a client
 * loaded by `import` are two copies of this module.
 */
const SET_OF = Symbol.for('seatpay.journal.setOfSetIfHeld');

/**
 * `journal`, its `setIfHeld` marked as writing the store its own `set` writes (the journals
 * seatpay ships). A user's journal spreading one of them with its own `set` (adding a field,
 * auditing, sealing) brings our `setIfHeld` along: {@link heldWriterOf} then leaves it out.
 */
export function pairedWithSet<J extends PurchaseJournal>(journal: J): J {
  if (journal.setIfHeld) Object.defineProperty(journal.setIfHeld, SET_OF, { value: journal.set });
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
  setIfHeld = journal.setIfHeld, // as read already, when it was
): SetIfHeld | undefined {
  if (!setIfHeld) return undefined;
  const set = (setIfHeld as SetIfHeld & { [SET_OF]?: unknown })[SET_OF];
  if (set !== undefined && set !== journal.set) return undefined;
  return setIfHeld.bind(journal);
}
