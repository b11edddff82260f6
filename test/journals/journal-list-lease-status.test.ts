import { describe, expect, it } from 'vitest';
import {
  createClient,
  KeyInProgressError,
  memoryJournal,
  type CheckoutRecord,
} from '../../src/index.js';
import { outcomeOf } from '../support/outcome.js';

// Issue 37, listed: an SDK user listing a journal is told, per key, what settle and reconcile
// would judge of its lease (`leaseStatus`), on the journal's clock: a key a live run holds is not
// an unknown outcome to settle, one whose lease ran out or a wrong clock wrote is settleable now.
// The journal's clock is the test's (`now`), 100 days behind this machine's: judged on
// `Date.now()`, every lease here would read as run out. Nothing is sent: no service runs.

const DAY = 86_400_000;
const client = createClient({ baseUrl: 'http://127.0.0.1:9', token: 'tok', logLevel: 'off' });

function claimed(leaseUntil: number, extra: Partial<CheckoutRecord> = {}): CheckoutRecord {
  return {
    kind: 'checkout',
    stage: 'sending',
    charged: 'unknown',
    params: { service: 'ai-credits', how_many: 1, subscription: 7 },
    updatedAt: new Date(leaseUntil - 60_000).toISOString(),
    leaseUntil: new Date(leaseUntil).toISOString(),
    holder: 'another-process',
    ...extra,
  };
}

describe('client.journal.list() and a key’s lease', () => {
  it('says held, expired or orphaned as settle judges it, on the journal’s clock', async () => {
    const time = Date.now() - 100 * DAY;
    const journal = { ...memoryJournal(), now: () => time };
    await journal.set('held', claimed(time + 60_000));
    await journal.set('ran-out', claimed(time - 1));
    await journal.set('year-ahead', claimed(time + 365 * DAY));
    await journal.set('old-build', claimed(time + 60_000, { leaseUntil: undefined }));
    await journal.set('settled', {
      ...claimed(time + 60_000),
      settled: {
        charged: 'no',
        reason: 'checked',
        at: new Date(time).toISOString(),
        by: 'operator',
      },
    });
    const listed = await client.journal.list({ journal });
    const status = Object.fromEntries(listed.map((entry) => [entry.key, entry.leaseStatus]));
    expect(status).toEqual({
      held: 'held',
      'ran-out': 'expired',
      'year-ahead': 'orphaned',
      'old-build': undefined,
      settled: undefined,
    });
    // The lease's end comes with its status, and neither without the other.
    for (const entry of listed) expect('leaseUntil' in entry).toBe('leaseStatus' in entry);
    // What settle does with each: refuses only the held one.
    for (const { key, leaseStatus } of listed.filter((entry) => entry.leaseStatus)) {
      const settle = client.journal.settle(key, { journal, charged: 'no', reason: 'checked' });
      const { error } = await outcomeOf(settle);
      if (leaseStatus === 'held') expect(error).toBeInstanceOf(KeyInProgressError);
      else expect(error, key).toBeUndefined();
    }
  });
});
