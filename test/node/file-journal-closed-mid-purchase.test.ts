// docs/journals.md (newuser15) says what a server's shutdown hook sees when it closes its
// fileJournal while a purchase runs: close() returns at once, and the purchase's later writes
// open the file again, so its record lands and a re-run after the restart replays it (one
// charge). The page said nothing of fileJournal's close() before. Closed from `onStep` at each
// step after the claim (an order of events, no time); the simulator in this process.
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';

const folder = useJournalFolder('seatpay-closed-mid-purchase-');

describe('a fileJournal closed while a purchase runs (a shutdown hook)', () => {
  it.each(['card', 'pay', 'wait'] as const)(
    'closed after its %s step: the record lands, the re-run replays it',
    async (step) => {
      const simulator = createSimulator({ subscriptionDelayMs: 0, billingTeamDelayMs: 0 });
      const client = inMemoryClient(simulator, simulator.users.owner.token);
      const path = `${folder.dir}/orders.db`;
      const journal = folder.journalAt(path);
      const first = await client.purchase({
        ...PER_SEAT_PURCHASE,
        key: 'order-shutdown',
        journal,
        onStep: (done) => void (done.step === step && journal.close()),
      });
      // After the restart: a journal of its own on the same file.
      const restarted = folder.journalAt(path);
      expect((await restarted.get('order-shutdown'))?.stage).toBe('done');
      const again = await client.purchase({
        ...PER_SEAT_PURCHASE,
        key: 'order-shutdown',
        journal: restarted,
      });
      expect(again.subscription.id).toBe(first.subscription.id);
      expect(simulator.charges).toHaveLength(1);
      simulator.close();
    },
  );
});
