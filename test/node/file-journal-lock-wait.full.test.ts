import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, type PurchaseJournal } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { teamOwner } from '../support/team-owner.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// A fileJournal whose file another process keeps locked (a long write transaction: BEGIN
// IMMEDIATE in a child process, on the real file, with real timers). Waiting for that lock must
// leave this process running (its timers tick, its signals fire) and end with the call's signal;
// a call that never sent says so and leaves its key free. Nothing here waits on a wall-clock
// budget: the child lets the lock go only once the test saw the call's outcome.

let server: MockServer;
let dir: string;

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 10 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-lock-wait-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A child holding the database's write lock: prints `locked`; lets it go on a `release` line. */
async function holdLock(path: string): Promise<ChildProcess & { release(): Promise<void> }> {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(${JSON.stringify(path)});
    db.exec('BEGIN IMMEDIATE');
    console.log('locked');
    require('node:readline').createInterface({ input: process.stdin }).once('line', () => {
      db.exec('COMMIT');
      db.close();
      console.log('released');
      process.exit(0);
    });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  expect(first).toBe('locked');
  return Object.assign(child, {
    release: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin!.write('release\n');
      await exited;
    },
  });
}

describe('fileJournal while another process holds its lock', () => {
  it('keeps the event loop running, ends with the signal, says nothing was sent, frees the key', async () => {
    const {
      client,
      subscription,
      checkouts: bought,
    } = await teamOwner(server, 'lock-wait@example.com');
    const path = join(dir, 'orders.db');
    const file = fileJournal(path);
    await file.get('warm-up'); // the file exists as a journal before the other process locks it

    const events: string[] = [];
    const controller = new AbortController();
    // The file journal as it is; only watches for its claim, to abort once the claim is waiting.
    const journal: PurchaseJournal = {
      get: (key, options) => file.get(key, options),
      set: (key, record, options) => file.set(key, record, options),
      claim: (key, record, options) => {
        events.push('claim');
        const claimed = file.claim!(key, record, options);
        // A timer: it can fire only while the process runs something else than a lock wait.
        setTimeout(() => {
          events.push('abort');
          controller.abort(new Error('the caller gave up'));
        }, 120);
        return claimed;
      },
    };
    const ticker = setInterval(() => events.push('tick'), 50);
    const holder = await holdLock(path);
    try {
      const order = { service: 'ai-credits', how_many: 3, subscription };
      const error = await client.consumables
        .checkout({ ...order, key: 'locked-1', journal }, { signal: controller.signal })
        .catch((e: unknown) => e);
      events.push('rejected');
      // Before the fix: SQLite's busy wait held the whole process for 15 s (no timer fired), then
      // the claim failed with 'database is locked'.
      expect(error).toBeInstanceOf(AbortError);
      expect((error as AbortError).mayHaveBeenProcessed).toBe(false);
      expect((error as AbortError).cause).toBe(controller.signal.reason);
      // In order: the claim met the lock, the interval kept ticking, the signal fired, the call ended.
      const claimAt = events.indexOf('claim');
      const abortAt = events.indexOf('abort');
      expect(claimAt).toBeGreaterThanOrEqual(0);
      expect(events.slice(claimAt, abortAt)).toContain('tick');
      expect(events.indexOf('rejected')).toBeGreaterThan(events.indexOf('abort'));
      expect(holder.exitCode).toBeNull(); // the lock is still held: the call did not wait it out
      expect(bought()).toBe(0);
    } finally {
      clearInterval(ticker);
      await holder.release();
    }
    // The same key, once the lock is gone: not blocked as unsettled, bought once.
    const receipt = await client.consumables.checkout({
      service: 'ai-credits',
      how_many: 3,
      subscription,
      key: 'locked-1',
      journal: file,
    });
    expect(receipt).toMatchObject(latestCheckoutReceipt(server.simulator));
    expect(bought()).toBe(1);
    expect(await file.get('locked-1')).toMatchObject({ stage: 'done', charged: 'yes' });
    file.close();
  });
});
