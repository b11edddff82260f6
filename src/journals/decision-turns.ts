import { untilAborted } from '../core/retry/until-aborted.js';

/**
 * The decision under way on each key in this process, whatever journal object it is on: two
 * objects may be one store (`fileJournal(path)` opened per request, a journal built per call over
 * one table or map), and turns per object let their decisions on one key interleave.
 */
const turns = new Map<string, Promise<unknown>>();

/**
 * Runs `decide` (a settle, a reconcile) once the decisions this process began earlier on the same
 * key have ended. A record whose run dropped its lease is written over by reading it again just
 * before the write (decision-write.ts): two decisions of one process (two operators at an admin
 * page, reconcile and settle) read it in turn, then both wrote, and the second ("not charged")
 * landed over the first ("charged"): the next run paid again. One after the other, the second
 * reads the first's decision and is refused. The wait ends with `signal`.
 */
export function inDecisionTurn<T>(
  key: string,
  signal: AbortSignal | undefined,
  decide: () => Promise<T>,
): Promise<T> {
  const previous = turns.get(key);
  const mine = previous ? untilAborted(previous, signal).then(decide) : decide();
  // The one after waits for this one and for the one before (this may stop waiting first).
  const turn = Promise.allSettled([previous, mine]);
  turns.set(key, turn);
  void turn.then(() => turns.get(key) === turn && turns.delete(key));
  return mine;
}
