// review15c. Since redteam34 a journal's `now()` counts as a time only from 2000 to 2200, so a
// test's clock started at the epoch (`now: () => 0`, `new Date(0)`, a fake clock's default) is
// refused at the first keyed call. It was refused with "it must return ms since 1970 (not seconds
// nor µs) or a valid Date": 0 is ms since 1970 and `new Date(0)` is a valid Date, so the message
// told the user to do what they did. It now names the years taken and what a test's clock starts at.
import { describe, expect, it } from 'vitest';
import { JournalError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/**
 * A keyed checkout on a journal whose clock is `now`: the JournalError it rejects with, once it is
 * known that it charged nothing and recorded nothing.
 */
async function refusedClock(now: () => number | Date): Promise<JournalError> {
  const { client, order, charges } = await inMemorySubscriber('clock-epoch@example.com');
  const journal = { ...memoryJournal(), now };
  const error = await client.consumables
    .checkout({ ...order, key: 'clock-1', journal })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(JournalError);
  expect((error as Error).message).toMatch(/2000 to 2200/);
  expect(charges()).toBe(0);
  expect(await journal.get('clock-1')).toBeUndefined();
  return error as JournalError;
}

describe("a journal whose now() is a test's clock at the epoch", () => {
  it.each([
    ['now: () => 0', () => 0],
    ['now: () => new Date(0)', () => new Date(0)],
  ])('%s: a JournalError saying what to give, nothing sent', async (_, now) => {
    const error = await refusedClock(now);
    expect(error.message).toMatch(/test's clock.*Date\.now\(\)/);
  });
});

// newuser16: a clock outside those years was told only as its number (`928195200000`), so a test's
// clock fixed at 1999, or seconds in place of ms, left the user to work out what time it named.
describe('a journal whose now() names a time outside the years taken', () => {
  it.each([
    ["a test's clock fixed at 1999", () => Date.parse('1999-06-01'), '928195200000: 1999-06-01T'],
    ['seconds in place of ms', () => 1_700_000_000, '1700000000: 1970-01-20T'],
    ['a Date of 2201', () => new Date('2201-01-01'), 'ms: 2201-01-01T'],
  ])('%s: the message names the time it read', async (_, now, names) => {
    const error = await refusedClock(now);
    expect(error.message).toContain(names);
  });
});
