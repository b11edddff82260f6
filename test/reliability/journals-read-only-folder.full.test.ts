import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { execFile, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, PurchaseError, type JournalError } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { startMockServer, type MockServer, type MockUser } from '../../src/mock/index.js';
import { TEAM_PURCHASE } from './support/team-purchase.js';

// A fileJournal in a folder it cannot write: the claim fails before anything is paid. Root writes
// into a read-only folder, so as root (CI) the purchase runs in journal-child.ts as the user nobody
// (uid 65534), a child process that loads tsx: hence a full test. journals.test.ts holds the
// journal checks that run in this process.

const run = promisify(execFile);

let server: MockServer;
let dir: string;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 20 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-journals-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** What a rejected purchase showed: its class, `charged`, and its cause's class and path. */
interface Seen {
  name: string;
  charged?: string;
  cause?: { name: string; path?: unknown };
}

const AS_ROOT = process.getuid?.() === 0;
const NOBODY = { uid: 65_534, gid: 65_534 };
const CHILD = fileURLToPath(new URL('./support/journal-child.ts', import.meta.url));
const nobodyCanRun = () =>
  spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(CHILD)})`], NOBODY)
    .status === 0;

/** The purchase of journal-child.ts, run as nobody: what it printed. */
async function purchaseAsNobody(user: MockUser, path: string): Promise<Seen> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, server.url, path], {
    ...NOBODY,
    env: { ...process.env, SEATPAY_TOKEN: user.token },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Seen;
}

/** The same purchase in this process (not root: the folder's mode holds). */
async function purchaseHere(user: MockUser, path: string): Promise<Seen> {
  const client = createClient({
    baseUrl: server.url,
    token: () => user.token,
    retryBaseDelay: 1,
    logLevel: 'off',
  });
  const error = await client
    .purchase({
      ...TEAM_PURCHASE,
      pollInterval: 10,
      waitTimeout: 3_000,
      key: 'order-r',
      journal: fileJournal(path),
    })
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(PurchaseError);
  const failed = error as PurchaseError;
  return {
    name: failed.name,
    charged: failed.charged,
    cause: { name: (failed.cause as Error).name, path: (failed.cause as JournalError).path },
  };
}

describe('a fileJournal in a read-only folder', () => {
  it.skipIf(AS_ROOT && !nobodyCanRun())(
    'the claim fails before paying, with a JournalError naming the lock',
    async () => {
      const user = server.simulator.addUser({ email: 'journal-read-only@example.com' });
      if (AS_ROOT) await chmod(dir, 0o711); // mkdtemp's 0700 would keep nobody out altogether
      const folder = join(dir, 'read-only');
      await mkdir(folder);
      await chmod(folder, 0o555);
      const path = join(folder, 'purchases.json');
      const seen = AS_ROOT ? await purchaseAsNobody(user, path) : await purchaseHere(user, path);
      await chmod(folder, 0o755);
      expect(seen).toMatchObject({
        name: 'PurchaseError',
        charged: 'no',
        cause: { name: 'JournalError', path: expect.stringContaining(path) as unknown },
      });
      const payments = server.simulator.charges.filter(
        (c) => c.kind === 'payment' && c.user === user.id,
      );
      expect(payments).toHaveLength(0);
    },
    60_000, // a child process that loads tsx: seconds on a loaded machine
  );
});
