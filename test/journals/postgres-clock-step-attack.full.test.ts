import { describe, expect, it } from 'vitest';
import { postgresJournal, type PgQueryable } from '../../src/postgres.js';
import { testPool } from '../support/postgres-server.js';
import { usePostgres } from '../support/postgres-test-bed.js';
import { countedEvent } from '../support/counted-event.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// The database's clock steps a minute ahead (an NTP step on the server, a failover to a server
// whose clock is off) while a run holds a key: the run keeps its lease on the database's clock
// by its heartbeats, but it read the clock only before it claimed. Every other machine, reading
// the stepped clock, would find the run's lease a minute gone while it is sending: a live key
// reported unknown ("settle it"), an operator paged for a call in flight. The run's heartbeats
// must carry its clock past the step.
// The step is played by the pool the journals are given (pg's, whose answers' database clock is
// moved a minute on from a point); both machines are journals in this process.

const LEASE_MS = 6_000;
const STEP_MS = 60_000;

const bed = usePostgres();

describe("a PostgreSQL journal when the database's clock steps ahead", () => {
  it('keeps a live run in progress: another run waits for its answer, never calls it unknown', async () => {
    const { client, gate, order } = await inMemorySubscriber('clock-step@example.com');
    const gated = gate.holdAll();

    const real = testPool(bed.db.url);
    let step = 0;
    const writesAfterStep = countedEvent();
    const readsAfterStep = countedEvent();
    const stepping: PgQueryable = {
      query: async (text: string, values?: unknown[]) => {
        const result = await real.query(text, values);
        // A write (set), or a write of the run holding the key (setIfHeld): not a claim.
        const write = text.includes('ON CONFLICT') || text.startsWith('UPDATE');
        if (step !== 0 && write && !text.includes("'refused'")) writesAfterStep.add();
        if (step !== 0 && text.startsWith('SELECT (SELECT record')) readsAfterStep.add();
        for (const row of result.rows) {
          if (typeof row.clock === 'number') row.clock += step;
        }
        return result;
      },
    };
    const table = 'clock_step';
    const holder = postgresJournal(stepping, { table, lease: LEASE_MS });
    const waiter = postgresJournal(stepping, { table, lease: LEASE_MS });
    try {
      await holder.get('warm-up');
      await waiter.get('warm-up');
      const held = client.consumables
        .checkout({ ...order, key: 'step-1', journal: holder })
        .catch((e: unknown) => e);
      await gated.arrived; // its request is out, held at the service
      expect(gate.sent()).toBe(1);

      step = STEP_MS;
      // Two heartbeats of the holder go by on the stepped clock (one every third of a lease).
      await writesAfterStep.reached(2);
      const readsBefore = readsAfterStep.count;
      const waited = client.consumables
        .checkout({ ...order, key: 'step-1', journal: waiter })
        .catch((e: unknown) => e);
      // It finds the key held, waits, and reads it again (or it has given up already).
      const readAgain = readsAfterStep.reached(readsBefore + 2).then(() => 'waiting');
      expect(await Promise.race([waited, readAgain])).toBe('waiting');
      gated.open();
      const paid = await held;
      expect(await waited).toEqual(paid);
      expect(gate.sent()).toBe(1);
    } finally {
      gated.open();
      await holder.close();
      await waiter.close();
      await real.end();
    }
  }, 120_000);
});
