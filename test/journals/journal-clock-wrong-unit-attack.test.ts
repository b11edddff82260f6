// redteam34. A journal's `now()` in the wrong unit is a number a Date holds: µs since 1970
// (1.7e15: year 57,000) or seconds (1.7e9: January 1970) passed review14b's check (which refuses
// only numbers past ±8.64e15), so its leases were written on it. In µs, a lease of 30,000 "ms"
// ran out 30 ms later: `client.journal.list` called a live run's claim 'expired' while it was
// paying, and `client.journal.settle(key, { charged: 'no' })` freed it, so a re-run paid again.
// In seconds, a dead run's key stayed held 8 hours. Such a `now()` is now refused at its first
// reading, as one that gives no time is: a JournalError saying what to return, nothing sent.
import { describe, expect, it } from 'vitest';
import { JournalError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

describe("a journal's now() in the wrong unit", () => {
  it.each([
    ['µs since 1970', () => Date.now() * 1000],
    ['seconds since 1970', () => Math.floor(Date.now() / 1000)],
    ['a Date made from seconds', () => new Date(Math.floor(Date.now() / 1000))],
  ])('%s: a JournalError at the claim, nothing sent', async (_, now) => {
    const { client, gate, order, charges } = await inMemorySubscriber('clock-unit@example.com');
    const journal = { ...memoryJournal(), now };
    const keyed = { ...order, key: 'unit-1', journal };
    const held = gate.holdNext();
    const run = client.consumables.checkout(keyed).catch((e: unknown) => e);
    // Before this fix the checkout went out, its claim's lease written on that clock.
    const first = await Promise.race([run, held.arrived.then(() => 'sent')]);
    if (first === 'sent') {
      held.open();
      await run;
      expect.fail(`the checkout was sent, its lease written on a clock in ${_}`);
    }
    expect(first).toBeInstanceOf(JournalError);
    expect((first as Error).message).toMatch(/now\(\).*ms since 1970/);
    expect(charges()).toBe(0);
    expect(await journal.get('unit-1')).toBeUndefined();
  });

  it('a clock a year ahead of this machine (a store stepped wrong) is still a clock', async () => {
    const { client, order, charges } = await inMemorySubscriber('clock-unit@example.com');
    const YEAR_MS = 365 * 24 * 3600 * 1000;
    const journal = { ...memoryJournal(), now: () => Date.now() + YEAR_MS };
    await client.consumables.checkout({ ...order, key: 'unit-2', journal });
    expect(charges()).toBe(1);
  });
});
