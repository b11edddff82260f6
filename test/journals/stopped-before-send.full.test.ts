import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import type { PurchaseJournal } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgresWithSubscriber } from '../support/postgres-test-bed.js';
import { useTempFolder } from '../support/temp-folder.js';

// Issue 37, tried for real: a worker stopped (SIGSTOP: a debugger, a container frozen, a VM paused)
// after it claimed a key and before its money request (a checkout, a purchase's pay) left, here while its token provider (a vault's
// refresh) was answering. Stopped, it renews nothing: its lease runs out, the key reads unknown,
// the operator reconciles it (nothing was charged: true), settles it as not charged and another
// worker pays it. Then the stopped worker resumes: its request must not leave (a second charge by
// the simulator's own record). The order of events, not a budget: the stop comes when the token is
// asked for, the key is taken over once the journal's own clock is past the lease, and the worker
// resumes after that.

const CHILD = new URL('./support/stopped-sender.ts', import.meta.url).pathname;
const LEASE_MS = 2_000;
const bed = usePostgresWithSubscriber('stopped-before-send@example.com');
const folder = useTempFolder('seatpay-stopped-before-send-');

/** Past the lease `key`'s record holds, by `journal`'s clock: slept for what is left, read again. */
async function untilLeaseRunOut(journal: PurchaseJournal, key: string): Promise<void> {
  const now = () => Number(journal.now?.() ?? Date.now());
  for (;;) {
    const leaseUntil = (await journal.get(key))?.leaseUntil;
    if (leaseUntil === undefined) return;
    const left = Date.parse(leaseUntil) - now();
    if (left < 0) return;
    await new Promise((resolve) => setTimeout(resolve, left + 1));
  }
}

type Kind = 'checkout' | 'purchase';

async function stoppedRound(
  kind: Kind,
  key: string,
  journal: PurchaseJournal & { close(): unknown },
  env: Record<string, string>,
) {
  const order = { service: 'ai-credits', how_many: 7, subscription: bed.subscription };
  const card = { card_number: '4242424242424242', cvc: '123' };
  const purchase = { plan: 'personal', card, chosen_period: 'MONTH' as const };
  const charges = () => bed.server.simulator.charges.filter((c) => c.user === bed.owner.id).length;
  const before = charges();
  const args = ['--import', 'tsx', CHILD, bed.server.url, 'stopped', String(bed.subscription)];
  const child = spawn(process.execPath, [...args, key, String(LEASE_MS), kind], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, SEATPAY_TOKEN: bed.owner.token, ...env },
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  try {
    // Claimed, the money request's token being fetched: stopped there.
    expect((await lines.next()).value).toBe('token?');
    expect(child.kill('SIGSTOP')).toBe(true);
    await untilLeaseRunOut(journal, key);
    // The operator: nothing charged by the service, so settled as not charged; paid by another.
    const found = await bed.client.journal.reconcile(key, { journal });
    expect(found.charged).toBe('unknown');
    await bed.client.journal.settle(key, { journal, charged: 'no', reason: 'its worker is gone' });
    if (kind === 'purchase') await bed.client.purchase({ ...purchase, key, journal });
    else await bed.client.consumables.checkout({ ...order, key, journal });
    expect(charges() - before).toBe(1);
    const paid = await journal.get(key);
    // The worker resumes and gets its token.
    expect(child.kill('SIGCONT')).toBe(true);
    child.stdin.write('token\n');
    const end = (await lines.next()).value as string;
    await once(child, 'close');
    // Never sent: it resolves with the other worker's answer, its record left as that one wrote it.
    expect({ end, charged: charges() - before }).toEqual({ end: 'end ok', charged: 1 });
    expect(await journal.get(key)).toEqual(paid);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await journal.close();
  }
}

describe('a worker stopped between its claim and its request, past its lease', () => {
  for (const kind of ['checkout', 'purchase'] as const) {
    it(`on a PostgreSQL journal (${kind}): resumed, it does not pay a key paid by another meanwhile`, async () => {
      const journal = postgresJournal(bed.db.url, { table: 'stopped', lease: LEASE_MS });
      await stoppedRound(kind, `${kind}-pg`, journal, { STOPPED_DATABASE_URL: bed.db.url });
    }, 120_000);

    it(`on a fileJournal (${kind}): the same`, async () => {
      const path = folder.in(`${kind}.db`);
      const journal = fileJournal(path, { lease: LEASE_MS });
      await stoppedRound(kind, `${kind}-file`, journal, { STOPPED_JOURNAL_FILE: path });
    }, 120_000);
  }
});
