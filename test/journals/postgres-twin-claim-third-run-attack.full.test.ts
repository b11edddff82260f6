import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, JournalError } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { postgresJournal, type PgQueryable } from '../../src/postgres.js';
import { countedEvent } from '../support/counted-event.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';
import { usePostgres } from '../support/postgres-test-bed.js';
import { testPool } from '../support/postgres-server.js';

// Three runs of one key in one process (an at-least-once queue delivering one order three times),
// one journal clock millisecond, and a lost answer. Run A picks its claim's lease, then waits for
// its owner digest (a token provider that is slow to answer). Run B claims the key meanwhile, is
// refused by the service (the key is free again) and ends. Run C claims the key and sends. A's
// claim then runs in PostgreSQL (it loses: the key is C's) and its answer is lost: A takes back
// its claim by its content (lost-claim.ts). If A and C wrote the very same record (one holder, one
// lease, one millisecond), that take-back deletes C's claim while C sends, A is told "nothing was
// sent, safe to retry", and its retry pays again. The order of events is played by gates (the
// provider, the service), the one millisecond by a frozen Date and a journal clock that stands.

const CHECKOUT = '/v2/payments/consumable/checkout';
/** The claim's statement (sql.ts): the only one whose text names a refused stage. */
const CLAIM_TEXT = "stage = 'refused'";
const READ_TEXT = 'SELECT (SELECT record';

const bed = usePostgres();
afterEach(() => void vi.useRealTimers());

describe('a claim picked before a third run of its key ended, its answer lost', () => {
  it('never takes back the claim of the run that sends, nor pays twice', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'three-runs@example.com' });
    const { subscription } = await inMemoryClient(simulator, user.token).purchase(teamPurchase(1));
    const charges = () =>
      simulator.charges.filter((c) => c.kind === 'consumable-checkout' && c.user === user.id)
        .length;

    let openProvider!: () => void;
    const providerGate = new Promise<void>((resolve) => (openProvider = resolve));
    let providerAsked!: () => void;
    const asked = new Promise<void>((resolve) => (providerAsked = resolve));
    let holdProvider = true;
    // A: its token from a provider, the first answer held (its claim's owner digest waits).
    const a = inMemoryClient(simulator, user.token, {
      token: async () => {
        if (holdProvider) {
          holdProvider = false;
          providerAsked();
          await providerGate;
        }
        return user.token;
      },
    });
    // B: the service refuses its checkout (nothing charged: the key is free again).
    const b = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (!request.url.includes(CHECKOUT)) return simulator.handle(request);
        return Response.json({ detail: 'Refused.' }, { status: 400 });
      },
    });
    // C: sends, and the service answers only once the test says so.
    let openService!: () => void;
    const serviceGate = new Promise<void>((resolve) => (openService = resolve));
    let cSent!: () => void;
    const sentByC = new Promise<void>((resolve) => (cSent = resolve));
    const c = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.url.includes(CHECKOUT)) {
          cSent();
          await serviceGate;
        }
        return simulator.handle(request);
      },
    });

    const real = testPool(bed.db.url);
    let claims = 0;
    const reads = countedEvent();
    const lying: PgQueryable = {
      query: async (text: string, values?: unknown[]) => {
        if (text.startsWith(READ_TEXT)) reads.add();
        const result = await real.query(text, values);
        // The third claim (A's) ran in the database; its answer is lost.
        if (text.includes(CLAIM_TEXT) && ++claims === 3) {
          throw new Error('Connection terminated unexpectedly');
        }
        return result;
      },
    };
    const table = 'three_runs';
    // Each delivery's worker with its journal (a process runs one key of one journal at a time).
    const workers = [0, 1, 2, 3].map(() => postgresJournal(lying, { table }));
    // One journal clock millisecond for every claim, as three deliveries at once would read it.
    const standing = Date.now();
    const [ofA, ofB, ofC, ofRetry] = workers.map((postgres) => ({
      ...postgres,
      now: () => standing,
    }));
    try {
      await ofA!.get('warm-up');
      const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

      const first = a.consumables
        .checkout({ ...order, journal: ofA!, key: 'thrice' })
        .catch((e: unknown) => e);
      await asked; // A picked its lease and waits for its owner digest
      const refused = await b.consumables
        .checkout({ ...order, journal: ofB!, key: 'thrice' })
        .catch((e) => e);
      expect(refused).toBeInstanceOf(APIError);
      const sending = c.consumables.checkout({ ...order, journal: ofC!, key: 'thrice' });
      await sentByC;
      openProvider();
      const lost = await first;
      expect(lost).toBeInstanceOf(JournalError);
      expect(claims).toBe(3);
      vi.useRealTimers();

      // C's claim is still the key's record while it sends.
      const { rows } = await real.query(`SELECT stage FROM "${table}" WHERE key = $1`, ['thrice']);
      expect(rows).toEqual([{ stage: 'sending' }]);

      // A retries, as it was told it may: it waits for C, never pays again.
      const readsBefore = reads.count;
      let sendRetry!: () => void;
      const retrySent = new Promise<void>((resolve) => (sendRetry = resolve));
      const retrying = inMemoryClient(simulator, user.token, {
        fetch: (input, init) => {
          const request = new Request(input, init);
          if (request.url.includes(CHECKOUT)) sendRetry();
          return simulator.handle(request);
        },
      });
      const again = retrying.consumables.checkout({ ...order, journal: ofRetry!, key: 'thrice' });
      await Promise.race([retrySent, reads.reached(readsBefore + 2)]);
      openService();
      const [paid, replayed] = await Promise.all([sending, again]);
      expect(replayed).toEqual(paid);
      expect(charges()).toBe(1);
    } finally {
      vi.useRealTimers();
      openProvider();
      openService();
      await Promise.all(workers.map((journal) => journal.close()));
      await real.end();
    }
  }, 90_000);
});
