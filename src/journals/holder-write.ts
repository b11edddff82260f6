import type { JournalRecord, PurchaseJournal } from './journal.js';
import { heldWriterOf } from './held-writer.js';
import { recordsCharge, type OwnLease } from './own-lease.js';

/**
 * A journal operation of the call (journal-call.ts), run even once its signal fired; `operation`:
 * the journal's function `run` calls (settled-answers.ts).
 */
type Call = <T>(action: string, run: () => Promise<T>, operation: unknown) => Promise<T>;

/** A read of the journal's members (journal-members.ts readMember: a throw is a JournalError). */
type Members = <T>(read: () => T) => T;

/**
 * Writes `record` (stored as `stamped`) for the run that holds `key` under `own`; resolves to
 * whether it was written (false: the key is no longer this run's claim). A charge is always
 * written. Anything else (a renewal, a refusal, a release) only while the key is still this run's
 * live claim: in the same step where the journal can (`setIfHeld`: a renewal the store runs after
 * the call gave up on it changes nothing once the outcome or another run's claim is there), else
 * read first when the lease may have lapsed (own-lease.ts). Every member read through `members`:
 * a getter throwing after the charge was this write's raw Error, no JournalError (review13a).
 */
export async function writeAsHolder(
  journal: PurchaseJournal,
  key: string,
  record: JournalRecord,
  stamped: JournalRecord,
  own: OwnLease | undefined,
  call: Call,
  members: Members,
): Promise<boolean> {
  // A charge (a keyed call's usual last write) needs no journal's setIfHeld: not looked up. Read
  // once, called as checked: read again, a getter gave memoryJournal's (waited for without a
  // timer nor the signal) to the check and one that never answered to the call (redteam31).
  const operation = own && !recordsCharge(record) ? members(() => journal.setIfHeld) : undefined;
  const setIfHeld = operation && members(() => heldWriterOf(journal, operation)); // it, bound
  if (own && setIfHeld) {
    const held = own.held(); // before this write's lease is added: the ones the key may hold
    own.writing(record);
    const written = await call('write', () => setIfHeld(key, stamped, held), operation);
    if (written) own.landed(record, true);
    return written;
  }
  // Each read once, called as checked: a getter giving our memoryJournal's (waited for without a
  // timer nor the signal) then another that never answers hung the call for ever (redteam28).
  // Read before this run notes a write under way (a read that throws writes nothing).
  const get = members(() => journal.get);
  const set = members(() => journal.set);
  const read = () => call('read', () => get.call(journal, key), get);
  // Its lease surely current, or a charge: no read, nothing waited for (issue 37).
  const surely = !own || !own.mayHaveLapsed() || recordsCharge(record);
  if (!surely && !(await own.mayWrite(record, read))) return false;
  own?.writing(record);
  await call('write', () => set.call(journal, key, stamped), set);
  own?.landed(record);
  return true;
}
