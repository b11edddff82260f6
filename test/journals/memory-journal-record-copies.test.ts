import { describe, expect, it } from 'vitest';
import { memoryJournal, type JournalRecord } from '../../src/index.js';

// memoryJournal keeps each record as JSON gives it back (keycost17: a deep-frozen copy made once,
// no longer its JSON text written and parsed on every use): what `get` and `list` hand out is what
// `JSON.parse(JSON.stringify(record))` is, to the letter, a copy of its own each time, and nothing
// the caller does to its object or to a record it read changes what the journal holds.

/** A record with everything JSON changes or drops, beside plain fields. */
function oddRecord(): JournalRecord {
  const record = {
    kind: 'checkout',
    stage: 'done',
    charged: 'yes',
    updatedAt: '2026-11-30T11:00:00.000Z',
    params: {
      service: 'ai-credits',
      how_many: 1,
      nested: { list: [1, 'two', null, { three: 3 }] },
    },
    result: {
      when: new Date(Date.UTC(2026, 10, 30)), // toJSON: a string
      gone: undefined, // dropped
      call: () => 1, // dropped
      notNumbers: [Number.NaN, Number.POSITIVE_INFINITY, -0, undefined], // null, null, 0, null
      own: { toJSON: () => ({ replaced: true }) },
      boxed: new String('boxed'), // a string
    },
    ...JSON.parse('{"__proto__": {"stays": "a field"}}'), // an own field, never a prototype
  };
  return record as unknown as JournalRecord;
}

describe('memoryJournal', () => {
  it('gives back each record exactly as JSON would, whatever it was given', async () => {
    const journal = memoryJournal();
    const given = oddRecord();
    const asJson = JSON.parse(JSON.stringify(given)) as unknown;
    await journal.set('odd', given);
    const read = await journal.get('odd');
    expect(read).toStrictEqual(asJson);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.hasOwn(read!, '__proto__')).toBe(true);
    expect(JSON.stringify(read)).toBe(JSON.stringify(asJson));
    const [listed] = await journal.list!();
    expect(listed!.record).toStrictEqual(asJson);
  });

  it("keeps its own copy: the caller's object changed later, or a record read and changed, changes nothing", async () => {
    const journal = memoryJournal();
    const given = oddRecord() as unknown as {
      params: { nested: { list: unknown[] } };
      stage: string;
    };
    const asJson = JSON.parse(JSON.stringify(given)) as unknown;
    await journal.set('mine', given as unknown as JournalRecord);
    given.stage = 'sending';
    given.params.nested.list.push('later');
    const first = (await journal.get('mine')) as unknown as typeof given;
    // What it hands out is the caller's to change (not frozen), and a copy of its own.
    first.stage = 'refused';
    first.params.nested.list.length = 0;
    expect(first.params.nested.list).toEqual([]);
    expect(await journal.get('mine')).toStrictEqual(asJson);
    const [listed] = await journal.list!();
    (listed!.record as unknown as typeof given).params.nested.list.push('listed');
    expect(await journal.get('mine')).toStrictEqual(asJson);
  });

  it('judges a claim and a held write by the record as stored, not by the object it was given', async () => {
    const journal = memoryJournal();
    const claim = {
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      updatedAt: '2026-11-30T11:00:00.000Z',
      params: { how_many: 1 },
      holder: 'run-a',
      leaseUntil: '2026-11-30T11:01:00.000Z',
    } as JournalRecord;
    expect(await journal.claim!('held', claim)).toBe(true);
    // Changed after the claim landed: the key is still held by run-a, under its first lease.
    claim.holder = 'run-b';
    claim.stage = 'refused';
    expect(await journal.claim!('held', { ...claim, holder: 'run-c' })).toBe(false);
    const done = { ...claim, stage: 'done', charged: 'yes' } as JournalRecord;
    const held = { holder: 'run-b', leases: ['2026-11-30T11:01:00.000Z'] };
    expect(await journal.setIfHeld!('held', done, held)).toBe(false);
    const heldByA = { holder: 'run-a', leases: ['2026-11-30T11:01:00.000Z'] };
    expect(await journal.setIfHeld!('held', done, heldByA)).toBe(true);
    expect((await journal.get('held'))!.stage).toBe('done');
  });

  it('refuses what JSON refuses, as before: a cycle, a bigint', async () => {
    const journal = memoryJournal();
    const cyclic: Record<string, unknown> = { stage: 'done' };
    cyclic.self = cyclic;
    await expect(journal.set('cycle', cyclic as unknown as JournalRecord)).rejects.toThrow(
      TypeError,
    );
    const big = { stage: 'done', amount: 10n } as unknown as JournalRecord;
    await expect(journal.set('big', big)).rejects.toThrow(TypeError);
    expect(await journal.get('cycle')).toBeUndefined();
  });
});
