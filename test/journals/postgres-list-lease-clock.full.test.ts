import { describe, expect, it } from 'vitest';
import { createClient, type CheckoutRecord } from '../../src/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgres } from '../support/postgres-test-bed.js';

// Issue 37, listed on PostgreSQL: `leaseStatus` is judged on the database's clock, the one leases
// are written on. A process that only lists (`seatpay journal list`, an operator's script) had
// never measured it: its list statement gave no clock, so a fresh journal judged on this machine's.
// Here this machine's clock runs two minutes ahead of the database's (Date.now moved, as
// support/skewed-claimer.ts does): a live run's key, a minute left on its lease, read 'expired'
// ("settleable, reconcile or settle it") while it was being paid.

const pg = usePostgres();
const client = createClient({ baseUrl: 'http://127.0.0.1:9', token: 'tok', logLevel: 'off' });

describe('client.journal.list() on a postgresJournal', () => {
  it('judges a lease on the database’s clock, not a machine’s ahead of it', async () => {
    const table = `list_clock_${Math.random().toString(36).slice(2, 8)}`;
    const writer = postgresJournal(pg.db.url, { table });
    const record: CheckoutRecord = {
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      params: { service: 'ai-credits', how_many: 1, subscription: 7 },
      updatedAt: new Date(Date.now()).toISOString(),
      leaseUntil: new Date(Date.now() + 60_000).toISOString(), // a live run's, on the database's clock
      holder: 'a-live-run-elsewhere',
    };
    await writer.set('live', record);
    await writer.close();

    const trueNow = Date.now.bind(Date);
    Date.now = () => trueNow() + 120_000;
    const journal = postgresJournal(pg.db.url, { table });
    try {
      const listed = await client.journal.list({ journal });
      expect(listed).toMatchObject([{ key: 'live', leaseStatus: 'held' }]);
    } finally {
      Date.now = trueNow;
      await journal.close();
    }
  }, 60_000);
});
