// A journal of the user's whose `setIfHeld` checks the claim's holder and lease but forgets that an
// outcome or a settlement ends the claim (the docs say so; a hand-written SQL `WHERE holder = ? AND
// lease_until IN (...)` easily leaves it out). A run killed mid-checkout leaves its claim (holder,
// lease run out); two operators (two processes: a journal object each, one store) settle it at
// once, one "charged", one "not charged". A decision
// kept the claim's holder and lease, so the second compare-and-set matched the first's settled
// record and wrote "refused" over "charged": both told they settled it, and the next run paid again.
import { describe, expect, it } from 'vitest';
import {
  memoryJournal,
  SettleRefusedError,
  type HeldClaim,
  type JournalRecord,
} from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { mapJournal } from '../support/map-journal.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/**
 * mapJournal with a compare-and-set on holder and lease only. Its first two writes wait until both
 * were asked (each decision read the claim before either writes), then land one after the other:
 * one that `first` picks before the other.
 */
function laxJournal(first: (record: JournalRecord) => boolean = () => false) {
  const journal = mapJournal();
  const waiting: { record: JournalRecord; land: () => void }[] = [];
  let leader: JournalRecord | undefined;
  let leaderLanded = () => {};
  const landed = new Promise<void>((resolve) => (leaderLanded = resolve));
  /** Waits until both writes were asked; the leader lands then, the other once it has. */
  const turn = (record: JournalRecord) =>
    new Promise<void>((land) => {
      waiting.push({ record, land });
      if (waiting.length < 2) return;
      const [one, other] = first(waiting[1]!.record) ? [waiting[1]!, waiting[0]!] : waiting;
      leader = one!.record;
      one!.land();
      void landed.then(other!.land);
    });
  const setIfHeld = async (key: string, record: JournalRecord, held: HeldClaim) => {
    if (waiting.length < 2) await turn(record);
    const found = journal.records.get(key);
    const same = found?.holder === held.holder && held.leases.includes(found.leaseUntil ?? '');
    if (same) journal.records.set(key, record);
    if (record === leader) leaderLanded();
    return same;
  };
  // Two processes' journals on the one store: each its own object.
  const view = () => ({ ...journal, setIfHeld });
  return { records: journal.records, processes: [view(), view()] as const };
}

/** A key whose run was killed mid-checkout (its answer lost, its claim left, the lease run out). */
async function killedRun(email: string, first?: (record: JournalRecord) => boolean) {
  const { simulator, client, order, charges } = await inMemorySubscriber(email);
  const lost = { ...order, key: 'killed-run', journal: memoryJournal() };
  await checkoutAnswerLost(simulator, client, lost);
  const left = (await lost.journal.get(lost.key))!;
  const journal = laxJournal(first);
  const leaseUntil = new Date(Date.now() - 60_000).toISOString();
  journal.records.set(lost.key, { ...left, holder: 'killed-process', leaseUntil });
  const [here, there] = journal.processes;
  return { client, records: journal.records, here, there, key: lost.key, charges };
}

describe('two settles at once over a killed run, on a lax compare-and-set', () => {
  it('lands one decision; the other is refused, never written over it', async () => {
    const { client, records, here, there, key, charges } = await killedRun('lax-cas@example.com');
    const results = await Promise.allSettled([
      client.journal.settle(key, { charged: 'yes', reason: 'inv 7', journal: here }),
      client.journal.settle(key, { charged: 'no', reason: 'none', journal: there }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected')!;
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(SettleRefusedError);
    const decided = results.find((result) => result.status === 'fulfilled')!;
    const { settled } = records.get(key)!;
    const landed = (decided as PromiseFulfilledResult<JournalRecord>).value.settled?.charged;
    expect(settled?.charged).toBe(landed);
    expect(charges()).toBe(1);
  });

  it("reconcile's finding of the charge is never settled over as not charged", async () => {
    const { client, records, here, there, key, charges } = await killedRun(
      'lax-cas-reconcile@example.com',
      (record) => record.settled?.by === 'service', // reconcile's finding lands first
    );
    const [found, settled] = await Promise.allSettled([
      client.journal.reconcile(key, { journal: here }),
      client.journal.settle(key, { charged: 'no', reason: 'none', journal: there }),
    ]);
    expect(found).toMatchObject({ status: 'fulfilled', value: { charged: 'yes' } });
    expect(settled.status).toBe('rejected');
    expect(records.get(key)).toMatchObject({ stage: 'done', charged: 'yes' });
    expect(charges()).toBe(1);
  });
});
