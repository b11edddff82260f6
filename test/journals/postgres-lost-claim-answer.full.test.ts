import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalError } from '../../src/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { startPostgresProxy } from '../support/postgres-proxy.js';
import { testPool, type PostgresServer } from '../support/postgres-server.js';
import { usePostgresWithSubscriber } from '../support/postgres-test-bed.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// A claim that committed in PostgreSQL but whose answer never reached the process: a TCP proxy
// between the journal and a real PostgreSQL forwards the claim's statement, waits for the
// server's answer (sent once the statement has committed) and cuts the client's connection
// instead of passing it on. Nothing was sent to the service: the key must not stay "sending".

/** The claim's statement (sql.ts): the only one whose text names a refused stage. */
const CLAIM_TEXT = "stage = 'refused'";

const bed = usePostgresWithSubscriber('lost-claim@example.com', { subscriptionDelayMs: 10 });
let proxy: Awaited<ReturnType<typeof startClaimAnswerDropper>>;

beforeAll(async () => {
  proxy = await startClaimAnswerDropper(bed.db);
});
afterAll(async () => {
  await proxy?.close();
});

/**
 * A proxy to `db` that, when armed, swallows the answer to the next claim and cuts the client;
 * with `refuseAfterDrop`, every connection after that is cut too (the database unreachable).
 */
async function startClaimAnswerDropper(target: PostgresServer) {
  let armed = false;
  let refuseAfterDrop = false;
  let refusing = false;
  const proxy = await startPostgresProxy(
    target,
    ({ client, server, cut }) => {
      let dropping = false;
      return {
        toServer: (chunk) => {
          if (armed && chunk.toString('latin1').includes(CLAIM_TEXT)) {
            armed = false;
            dropping = true;
          }
          server.write(chunk);
        },
        toClient: (chunk) => {
          // The server answered the claim: it committed. The process never hears of it.
          if (dropping) {
            refusing = refuseAfterDrop;
            cut();
            return;
          }
          client.write(chunk);
        },
      };
    },
    () => refusing,
  );
  return {
    ...proxy,
    dropNextClaimAnswer: (options: { thenRefuse?: boolean } = {}) => {
      armed = true;
      refuseAfterDrop = options.thenRefuse ?? false;
    },
    reopen: () => void (refusing = false),
  };
}

/**
 * A keyed checkout on a journal of `table` (reached through the proxy) whose claim's answer is
 * dropped: its JournalError, and the order, journal and checkouts counted before, to go on with.
 */
async function claimAnswerDropped(
  table: string,
  key: string,
  drop: Parameters<typeof proxy.dropNextClaimAnswer>[0] = {},
) {
  const order = { service: 'ai-credits', how_many: 2, subscription: bed.subscription, key };
  const journal = postgresJournal(proxy.url, { table });
  const before = bed.checkouts();
  proxy.dropNextClaimAnswer(drop);
  const failed = await bed.client.consumables
    .checkout({ ...order, journal })
    .catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(JournalError);
  return { order, journal, before, failed: failed as JournalError };
}

describe("a claim that committed but whose answer was lost (the journal's connection cut)", () => {
  it('is taken back: the call fails as not sent, safe to retry, and a retry charges once', async () => {
    const table = 'lost_claim';
    const { order, journal, before, failed } = await claimAnswerDropped(table, 'lost-answer');
    expect(failed).toMatchObject({ mayHaveBeenProcessed: false });
    expect(failed.message).toMatch(/nothing was sent, safe to retry/);
    expect(bed.checkouts()).toBe(before);

    // The key holds nothing: the claim that committed was taken back.
    const pool = testPool(bed.db.url);
    try {
      const { rows } = await pool.query(`SELECT stage FROM "${table}" WHERE key = $1`, [
        'lost-answer',
      ]);
      expect(rows).toEqual([]);
    } finally {
      await pool.end();
    }

    // The same process retries (before: UnsettledKeyError, "was sent ... settle it").
    const retried = await bed.client.consumables.checkout({ ...order, journal });
    expect(retried).toMatchObject(latestCheckoutReceipt(bed.server.simulator));
    expect(bed.checkouts()).toBe(before + 1);
    await journal.close();
  }, 60_000);

  it('is left as it may be when the database stays unreachable: never called safe to retry', async () => {
    const { order, journal, before, failed } = await claimAnswerDropped(
      'lost_claim_unreachable',
      'lost-and-gone',
      { thenRefuse: true },
    );
    expect(failed.message).not.toMatch(/safe to retry/);
    expect(bed.checkouts()).toBe(before);
    proxy.reopen();

    // The claim committed and could not be taken back: the key is claimed, unknown, settleable.
    await expect(bed.client.consumables.checkout({ ...order, journal })).rejects.toMatchObject({
      name: 'UnsettledKeyError',
    });
    const settled = await bed.client.journal.settle('lost-and-gone', {
      journal,
      charged: 'no',
      reason: 'the claim was never sent (its answer was lost)',
    });
    expect(settled).toMatchObject({ charged: 'no' });
    await bed.client.consumables.checkout({ ...order, journal });
    expect(bed.checkouts()).toBe(before + 1);
    await journal.close();
  }, 60_000);
});
