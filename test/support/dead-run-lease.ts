// A key whose run died holding it (another process's claim, never renewed again), its lease
// written to run `ahead` ms past the journal's clock: what a run on a clock far ahead leaves
// (lease-from-wrong-clock-attack tests).
import type { PurchaseJournal } from '../../src/index.js';
import { checkoutAnswerLost } from './lost-answer.js';
import { inMemorySubscriber } from './team-owner.js';

/** A subscriber whose keyed checkout through `journal` lost its answer, left as a dead run's claim. */
export async function deadRunLeasedAhead(
  email: string,
  journal: PurchaseJournal,
  now: () => number,
  ahead: number,
) {
  const subscriber = await inMemorySubscriber(email);
  const keyed = { ...subscriber.order, key: 'wrong-clock', journal };
  await checkoutAnswerLost(subscriber.simulator, subscriber.client, keyed);
  const left = (await journal.get(keyed.key))!;
  const leaseUntil = new Date(now() + ahead).toISOString();
  await journal.set(keyed.key, { ...left, holder: 'a-process-that-died', leaseUntil });
  return { ...subscriber, keyed, leaseUntil };
}
