import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { paidButNeverListed } from './subscription-never-listed.js';

// `seatpay purchase --csv` whose row paid and then its --wait-timeout ran out (the card WAS
// charged) ended with "to settle: … may have been charged; check with `seatpay journal reconcile
// <key>` before buying it again under a new key": reconcile refuses a known outcome (exit 2).
// newuser14 fixed that advice for one order (--key); the batch's summary kept it. A re-run of the
// file finishes the row without paying again.

const server = useMockServer({ subscriptionDelayMs: 5 });
const folder = useTempFolder('seatpay-command-charged-wait-csv-');

describe('seatpay purchase --csv, a row paid whose wait ran out', () => {
  it('says to run the file again, which finishes it without paying again', async () => {
    const journal = folder.in('journal.db');
    const csv = folder.in('orders.csv');
    writeFileSync(csv, 'key,plan,seats,period\norder-a,team-per-seat,2,MONTH\n');
    const env = paidButNeverListed(server());
    const command = ['purchase', '--csv', csv, '--journal', journal, '--wait-timeout', '50'];
    const ran = await runInProcess(command, env);
    expect(ran.code, ran.stderr).toBe(3);
    expect(ran.stderr).toMatch(
      /^to finish: line 2 key order-a WAS charged; run this command again to finish it \(it never pays again\); never buy it under a new key$/m,
    );
    expect(ran.stderr).not.toMatch(/may have been charged|journal reconcile/);

    server().simulator.faults.clear();
    const charges = server().simulator.charges.length;
    const again = await runInProcess(command, env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^line 2 order-a: (done|replayed)/m);
    expect(server().simulator.charges).toHaveLength(charges);
  });
});
