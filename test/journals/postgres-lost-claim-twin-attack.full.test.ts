import { afterEach, describe, expect, it, vi } from 'vitest';
import { JournalError } from '../../src/index.js';
import { postgresJournal, type PgQueryable } from '../../src/postgres.js';
import { testPool } from '../support/postgres-server.js';
import { usePostgres } from '../support/postgres-test-bed.js';
import { countedEvent } from '../support/counted-event.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A claim whose answer was lost is taken back by its content: the key's record is deleted if it
// is the very JSON this run wrote (lost-claim.ts). Two deliveries of one order reaching one
// process at once (an at-least-once queue; two workers there, each with its postgresJournal)
// claim the key in the same millisecond: the same process (holder), the same lease, the same
// time, the same parameters: the same JSON. One claim lands
// and its run sends; the other loses the race, and its answer is lost (the connection cut). Its
// take-back must not delete the winner's claim while the winner is sending: the key would read
// free, and the loser's retry (it was told "nothing was sent, safe to retry") pays again.
// The lost answer is played by the pool the journals are given (pg's, whose claim statements
// run, the second's answer replaced by a connection error); the same millisecond by a frozen
// clock here, and by the two reads before the claims answered in the same millisecond there.

/** The claim's statement (sql.ts): the only one whose text names a refused stage. */
const CLAIM_TEXT = "stage = 'refused'";

const bed = usePostgres();
afterEach(() => void vi.useRealTimers());

describe("a claim whose answer was lost, beside a twin's claim of the same key", () => {
  it("never takes back the twin's claim while it is sending", async () => {
    const {
      client,
      gate,
      order: subscribed,
      charges,
    } = await inMemorySubscriber('twin-claims@example.com');
    const gated = gate.holdAll();

    const real = testPool(bed.db.url);
    let claims = 0;
    // Once armed, the reads of the key are counted, and the first two answered together: both
    // deliveries find it free, as two that arrive at once do.
    let armed = false;
    const reads = countedEvent();
    let bothRead!: () => void;
    const together = new Promise<void>((resolve) => (bothRead = resolve));
    let readAt: unknown;
    let readsAnswered = 0;
    let lostOne = false;
    const lying: PgQueryable = {
      query: async (text: string, values?: unknown[]) => {
        const read = text.includes('clock_timestamp()');
        if (armed && read) reads.add();
        const twin = armed && read && reads.count <= 2;
        const result = await real.query(text, values);
        // Both reads run in the database before either is answered: had one been answered first,
        // its run could claim before the other read ran, and that one would find the key held.
        if (twin) {
          if (++readsAnswered === 2) bothRead();
          await together;
          result.rows[0].clock = readAt ??= result.rows[0].clock;
        }
        // The claim that lost the race (the key was the other's: no row) has its answer lost,
        // whichever of the two answers comes back first.
        if (text.includes(CLAIM_TEXT) && ++claims && result.rowCount === 0 && !lostOne) {
          lostOne = true;
          throw new Error('Connection terminated unexpectedly');
        }
        return result;
      },
    };
    let openRetried: () => void = () => undefined;
    const table = 'twin_claims';
    const journal = postgresJournal(lying, { table });
    const other = postgresJournal(lying, { table });
    try {
      // The table made, each journal's measure of the database's clock taken.
      await journal.get('warm-up');
      await other.get('warm-up');
      const order = { ...subscribed, journal };
      // Both deliveries in one millisecond: both clocks stopped until both have claimed.
      const frozenAt = performance.now();
      vi.spyOn(performance, 'now').mockReturnValue(frozenAt);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      armed = true;
      const first = client.consumables.checkout({ ...order, key: 'twin' }).catch((e: unknown) => e);
      const second = client.consumables
        .checkout({ ...order, journal: other, key: 'twin' })
        .catch((e: unknown) => e);
      // The one that lost the race settles first (the winner waits at the service).
      const [lost, losersJournal] = await Promise.race([
        first.then((outcome) => [outcome, journal] as const),
        second.then((outcome) => [outcome, other] as const),
      ]);
      vi.useRealTimers();
      vi.restoreAllMocks();
      expect(lost).toBeInstanceOf(JournalError);
      expect(claims).toBe(2);
      await gated.arrived; // the winner's request is out, held at the service
      expect(gate.sent()).toBe(1);

      // The winner's claim is still the key's record while it sends.
      const { rows } = await real.query(`SELECT stage FROM "${table}" WHERE key = $1`, ['twin']);
      expect(rows).toEqual([{ stage: 'sending' }]);

      // The loser retries, as it was told it may: it waits for the winner, never pays again.
      const readsBefore = reads.count;
      const retriedHeld = gate.holdAll(); // the held winner keeps its own door (gated)
      openRetried = retriedHeld.open;
      const retried = client.consumables.checkout({
        ...order,
        journal: losersJournal,
        key: 'twin',
      });
      // Until it has sent too, or read the key twice (found it held, waited, read again).
      await Promise.race([retriedHeld.arrived, reads.reached(readsBefore + 2)]);
      gated.open();
      retriedHeld.open();
      const [one, two, again] = await Promise.all([first, second, retried]);
      const paid = [one, two].find((outcome) => !(outcome instanceof Error));
      expect(again).toEqual(paid);
      expect(charges()).toBe(1);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
      gated.open();
      openRetried();
      await journal.close();
      await other.close();
      await real.end();
    }
  }, 90_000);
});
