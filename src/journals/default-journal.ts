import type { JournalHolder } from '../helpers/purchase/client-purchases.js';
import type { PurchaseJournal } from './journal.js';
import { memoryJournal } from './memory-journal.js';

/**
 * The journal of a `key` given without one: `holder`'s in-memory journal, made here on first use.
 * Only the parts loaded on first use (purchase, keyed checkout, `client.journal`'s methods) call
 * this, so the in-memory journal and the record rules it brings stay out of a page's first answer.
 */
export function defaultJournalOf(holder: JournalHolder): PurchaseJournal {
  return (holder.journal ??= memoryJournal());
}
