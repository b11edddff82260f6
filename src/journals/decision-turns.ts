import { untilAborted } from '../core/retry/until-aborted.js';
import type { PurchaseJournal } from './journal.js';

/** The decision under way on each key, per journal: the next one on the key waits for it. */
const turns = new WeakMap<PurchaseJournal, Map<string, Promise<void>>>();

const nothing = () => undefined;

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
  let keys = turns.get(journal);
  if (!keys) turns.set(journal, (keys = new Map()));
  const previous = keys.get(key);
  const mine = previous ? untilAborted(previous, signal).then(decide) : decide();
  // The one after waits for this one and for the one before (this may stop waiting first).
  const turn = (previous ? Promise.allSettled([previous, mine]) : mine).then(nothing, nothing);
  keys.set(key, turn);
  void turn.then(() => {
    if (keys.get(key) === turn) keys.delete(key);
  });
  return mine;
}
