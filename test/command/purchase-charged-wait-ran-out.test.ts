import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOOD_CARD } from '../support/team-purchase.js';
import { useMockServer } from '../support/mock-server.js';
import { subscriptionNeverAppears } from '../support/subscription-never-appears.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// `seatpay purchase` whose --wait-timeout ran out after paying (the card WAS charged) said "it
// may have been charged: check with `seatpay journal reconcile <key>` before buying it again
// under a new key" (reconcile then says the outcome is known, settle exits 2), and `journal list`
// said of its key "lease ran out …: settleable, reconcile or settle it" (newuser14). Both say to
// run the purchase again with its key, which finishes it without paying again. The subscription
// list answers empty (a fault) until the re-run: the wait runs out whatever the machine's pace.
// docs/command.md's exit codes told `3` as "settle it before buying again" only, and the README's
// as "the outcome is unknown or a row needs settling" (newuser15): both name this case too.

const server = useMockServer({ subscriptionDelayMs: 5 });
const folder = useTempFolder('seatpay-command-charged-wait-');

/** A page of the repo (from its root), its runs of white space (line breaks too) made one space. */
const page = (path: string) =>
  readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8').replace(/[ \n]+/g, ' ');

describe('seatpay purchase paid whose wait for the subscription ran out', () => {
  it('says to run it again with the key, and so does journal list', async () => {
    const journal = folder.in('journal.db');
    const env = ownerEnv(server(), { SEATPAY_CARD: JSON.stringify(GOOD_CARD) });
    const purchase = [
      ...['purchase', '--plan', 'team-per-seat', '--seats', '2', '--period', 'MONTH'],
      ...['--key', 'order-wait', '--journal', journal, '--wait-timeout', '50'],
    ];
    subscriptionNeverAppears(server());
    const ran = await runInProcess(purchase, env);
    expect(ran.code, ran.stderr).toBe(3);
    expect(ran.stderr).toMatch(
      /the card WAS charged\): No new subscription appeared within 50 ms \(none new listed\); run this command again with --key order-wait to finish it \(it never pays again\); never buy it under a new key/,
    );
    expect(ran.stderr).not.toMatch(/may have been charged/);
    // The exit code's row of docs/command.md, and the README's list, say what to do for it.
    expect(page('docs/command.md')).toMatch(
      /\| `3` \| [^|]*a purchase was paid and its `--wait-timeout` ran out \| [^|]*paid: run the same command again with its key/,
    );
    expect(page('README.md')).toMatch(
      /`3` the outcome is unknown or a row needs settling \(or a purchase was paid and its wait ran out: run it again with its key\)/,
    );

    // The run ended after paying: its claim's lease is left run out, as a dead run's.
    const listed = await runInProcess(['journal', 'list', '--journal', journal], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^order-wait\tpurchase\tpaid\tcharged yes\t/m);
    expect(listed.stdout).not.toMatch(/settleable/);
    // With no time: the run let its lease go by writing it a lease before its last write, and
    // "lease ran out at" that time read as if it ran out before the run (newuser15).
    expect(listed.stdout).toMatch(
      /\tlease ran out: paid: run the purchase again with its key to finish it$/m,
    );

    server().simulator.faults.clear();
    const charges = server().simulator.charges.length;
    const again = await runInProcess(purchase.slice(0, -2), env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/order-wait: purchase done/);
    expect(server().simulator.charges).toHaveLength(charges);
  });
});
