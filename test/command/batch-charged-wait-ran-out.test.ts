import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GOOD_CARD } from '../support/team-purchase.js';
import { useMockServer } from '../support/mock-server.js';
import { subscriptionNeverAppears } from '../support/subscription-never-appears.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// `seatpay purchase --csv` whose row paid and then its --wait-timeout ran out (the card WAS
// charged) ended with "to settle: line 2 key … may have been charged; check with `seatpay journal
// reconcile`" (loose14b), though the single-row command says to run it again with its key
// (newuser14). The summary now says so too; the batch run again finishes the row, paying nothing.
// The subscription list answers empty (a fault) until the re-run: the wait runs out at any pace.

const server = useMockServer({ subscriptionDelayMs: 5 });
const folder = useTempFolder('seatpay-command-batch-charged-wait-');

describe('seatpay purchase --csv: a row paid whose wait ran out', () => {
  it('the summary says to run it again with its key, not that it may have been charged', async () => {
    const csv = folder.in('orders.csv');
    await writeFile(csv, 'key,plan,seats,period\nbatch-wait,team-per-seat,2,MONTH\n');
    const env = ownerEnv(server(), { SEATPAY_CARD: JSON.stringify(GOOD_CARD) });
    const purchase = ['purchase', '--csv', csv, '--journal', folder.in('journal.db')];
    subscriptionNeverAppears(server());
    const ran = await runInProcess([...purchase, '--wait-timeout', '50'], env);
    expect(ran.code, ran.stderr).toBe(3);
    expect(ran.stderr).toMatch(/, 0 to settle, 1 charged, to finish \(run again with its key\)/);
    expect(ran.stderr).toMatch(
      /^to finish: line 2 key batch-wait WAS charged: run this batch again, its rows keep their keys, to finish it \(it never pays again\); never buy it under a new key$/m,
    );
    expect(ran.stderr).not.toMatch(/to settle: line|may have been charged/);

    server().simulator.faults.clear();
    const charges = server().simulator.charges.length;
    const again = await runInProcess(purchase, env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/summary: 1 row: 1 done, 0 replayed/);
    expect(server().simulator.charges).toHaveLength(charges);
  });
});
