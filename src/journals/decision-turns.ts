import { untilAborted } from '../core/retry/until-aborted.js';
import type { PurchaseJournal } from './journal.js';

/** The decision under way on each key, per journal: the next one on the key waits for it. */
const turns = new WeakMap<PurchaseJournal, Map<string, Promise<unknown>>>();

/**
 * Runs `decide` (a settle, a reconcile) once the decisions this process began earlier on the same
 * key of the same journal have ended. A record whose run dropped its lease is written over by
 * reading it again just before the write (decision-write.ts): two decisions of one process (two
 * operators at an admin page, reconcile and settle) read it in turn, then both wrote, and the
 * second ("not charged") landed over the first ("charged"): the next run paid again. One after the
 * other, the second reads the first's decision and is refused. The wait ends with `signal`.
 */
export function inDecisionTurn<T>(
  journal: PurchaseJournal,
  key: string,
  signal: AbortSignal | undefined,
  decide: () => Promise<T>,
): Promise<T> {
  const keys = turns.get(journal) ?? new Map<string, Promise<unknown>>();
  turns.set(journal, keys);
  const previous = keys.get(key);
  const mine = previous ? untilAborted(previous, signal).then(decide) : decide();
  // The one after waits for this one and for the one before (this may stop waiting first).
  const turn = Promise.allSettled([previous, mine]);
  keys.set(key, turn);
  void turn.then(() => keys.get(key) === turn && keys.delete(key));
  return mine;
}
