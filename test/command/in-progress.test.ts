import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutRecord } from '../../src/index.js';
import { SqliteJournalStore } from '../../src/journals/sqlite/sqlite-journal-store.js';
import { fileJournal } from '../../src/node.js';
import { runInProcess } from './run-in-process.js';

// Issue 37, the command: a key another run of it still holds (another process on the same
// journal, its lease current) is never "unknown, settle it" (exit 3): a checkout waits for that
// run and replays its answer; settling or reconciling it says "in progress elsewhere", exit 5.
// No service runs: nothing here may send (a request would fail with another code).

const SERVICE = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'tok-secret-1234' };
const PARAMS = { service: 'ai-credits', how_many: 2, subscription: 7 };
const ANSWER = {
  id: 9001,
  amount: '2.00',
  currency: { code: 'USD', name: 'US Dollar' },
  status: 'FULFILLED',
  paid_at: '2026-11-28T16:51:47.414Z',
  created_at: '2026-11-28T16:51:47.414Z',
  invoice_kind: 'GENERAL',
  invoice_notes: null,
  user: { id: 3, email: 'owner@example.com', first_name: '', last_name: '' },
  amount_breakdown: { plans: {}, 'service-items': {} },
  coupons: [],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-command-in-progress-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

/**
 * Resolves once a journal file was read `times` times while it held `stage` for the key: the
 * command's reads seen as they happen (the spy only watches them), so a test writes its record
 * at a known point of the command's run, never after a guessed while.
 */
function readsWhile(stage: string, times: number): Promise<void> {
  const get = SqliteJournalStore.prototype.get;
  let reads = 0;
  return new Promise((resolve) => {
    vi.spyOn(SqliteJournalStore.prototype, 'get').mockImplementation(async function (
      this: SqliteJournalStore,
      ...args: Parameters<SqliteJournalStore['get']>
    ) {
      const record = await get.apply(this, args);
      if (record?.stage === stage && ++reads === times) resolve();
      return record;
    });
  });
}

/** What another run that claimed `key` and is still sending leaves in the journal. */
async function heldBy(path: string, key: string): Promise<CheckoutRecord> {
  const record: CheckoutRecord = {
    kind: 'checkout',
    stage: 'sending',
    charged: 'unknown',
    params: PARAMS,
    updatedAt: new Date().toISOString(),
    leaseUntil: new Date(Date.now() + 600_000).toISOString(),
  };
  const journal = fileJournal(path);
  await journal.set(key, record);
  journal.close();
  return record;
}

describe('seatpay and a key another run holds', () => {
  it('checkout waits for the other run and replays its answer (exit 0, never 3)', async () => {
    const path = join(dir, 'wait.db');
    const held = await heldBy(path, 'topup-1');
    // Read held three times: the command's own look, the call's first read, its first poll.
    const polled = readsWhile('sending', 3);
    const ran = runInProcess(
      ['checkout', '--service', 'ai-credits', '--how-many', '2', '--subscription', '7'].concat([
        '--key',
        'topup-1',
        '--journal',
        path,
      ]),
      SERVICE,
    );
    // The other run ends once the call waits on it: charged, its answer recorded. A call that
    // gave up on the held key (exit 3) ends first, and never polls.
    await Promise.race([polled, ran]);
    const journal = fileJournal(path);
    const { leaseUntil: _lease, ...rest } = held;
    await journal.set('topup-1', { ...rest, stage: 'done', charged: 'yes', result: ANSWER });
    journal.close();
    const { code, stdout, stderr } = await ran;
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('already done (replayed from the journal), invoice 9001');
  });

  it('journal settle and reconcile of a held key: "in progress elsewhere", exit 5', async () => {
    const path = join(dir, 'settle.db');
    const held = await heldBy(path, 'topup-2');
    for (const argv of [
      ['journal', 'settle', 'topup-2', '--not-charged', '--reason', 'stuck?', '--journal', path],
      ['journal', 'reconcile', 'topup-2', '--journal', path],
    ]) {
      const { code, stderr } = await runInProcess(argv, SERVICE);
      expect(code, stderr).toBe(5);
      expect(stderr).toMatch(/in progress elsewhere/);
      expect(stderr).not.toMatch(/settle it/i);
      // What to do about a decision: not "retry the call", but when a dead run's key is settleable.
      expect(stderr).toContain(
        `if its process died, the key becomes settleable once its lease runs out, at ${held.leaseUntil}`,
      );
      expect(stderr).not.toMatch(/resolves with that run's outcome|nothing was sent/);
    }
    // The listing names the lease: in progress while that run lives, settleable past it if not.
    const listed = await runInProcess(['journal', 'list', '--journal', path], {});
    expect(listed.stdout).toContain(`charged unknown`);
    expect(listed.stdout).toContain(`\tlease until ${held.leaseUntil}\n`);
    // The help an operator reads says what 5 means for these two.
    const help = await runInProcess(['journal', '--help'], {});
    expect(help.stdout).toMatch(/5 the key is in progress\s+elsewhere/);
    // Nothing was written: the other run's record is as it left it.
    const journal = fileJournal(path);
    expect(await journal.get('topup-2')).toMatchObject({ stage: 'sending', charged: 'unknown' });
    journal.close();
  });

  /** `seatpay journal list` of a journal holding `key`, a killed run's claim leased until `ms` from now. */
  async function listedWithLease(file: string, key: string, ms: number) {
    const path = join(dir, file);
    const journal = fileJournal(path);
    const leaseUntil = new Date(Date.now() + ms).toISOString();
    const record: CheckoutRecord = {
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      params: PARAMS,
      updatedAt: new Date(Date.now() - 120_000).toISOString(),
      leaseUntil,
      holder: 'f00dfeedf00dfeedf00dfeed',
    };
    await journal.set(key, record);
    journal.close();
    const listed = await runInProcess(['journal', 'list', '--journal', path], {});
    expect(listed.code, listed.stderr).toBe(0);
    return { stdout: listed.stdout, leaseUntil, path };
  }

  it('journal list says a lease that ran out is settleable, not "lease until" a past time', async () => {
    const { stdout, leaseUntil } = await listedWithLease('ran-out.db', 'topup-3', -60_000);
    expect(stdout).toContain(
      `\tlease ran out at ${leaseUntil}: settleable, reconcile or settle it\n`,
    );
    expect(stdout).not.toContain('lease until');
  });

  it('journal list says a lease a wrong clock wrote a year ahead is settleable, as settle finds', async () => {
    const year = 365 * 86_400_000; // a clock a year on wrote it
    const { stdout, leaseUntil, path } = await listedWithLease('year-ahead.db', 'topup-4', year);
    expect(stdout).toContain(
      `\tlease until ${leaseUntil} is no live run's (a wrong clock): settleable, reconcile or settle it\n`,
    );
    const settled = await runInProcess(
      ['journal', 'settle', 'topup-4', '--not-charged', '--reason', 'killed', '--journal', path],
      {},
    );
    expect(settled.code, settled.stderr).toBe(0);
  });
});
