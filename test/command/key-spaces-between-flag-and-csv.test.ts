// The same order given once as `--key` and once as a CSV row, on one journal: a CSV field is read
// without the spaces around it (`k-1, ai-credits, ...` is common), `--key` was taken as typed. A
// key with a space at its end (a variable read from a file, a copy and paste) was then two keys
// for one order, and the second run charged again. `--key` with a space at either end is refused
// before anything is sent.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { teamOwner, type TeamOwner } from '../support/team-owner.js';
import { runInProcess } from './run-in-process.js';

let server: MockServer;
let owned: TeamOwner;
let dir: string;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 0 });
  owned = await teamOwner(server, 'key-spaces@example.com');
  dir = await mkdtemp(join(tmpdir(), 'seatpay-key-spaces-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('--key with spaces around it', () => {
  it.each(['topup-1 ', ' topup-1', '\u00a0topup-1'])(
    '%j is refused (exit 2, nothing sent): the CSV row "topup-1" is the same order',
    async (typed) => {
      const journal = join(dir, `${encodeURIComponent(typed)}.db`);
      const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: owned.owner.token };
      const before = owned.checkouts();
      const order = ['--service', 'ai-credits', '--how-many', '2'];
      const subscription = ['--subscription', String(owned.subscription)];
      const flagged = await runInProcess(
        ['checkout', ...order, ...subscription, '--key', typed, '--journal', journal],
        env,
      );
      expect(flagged.code, flagged.stderr).toBe(2);
      expect(flagged.stderr).toMatch(/--key has a space at its start or end/);
      expect(owned.checkouts()).toBe(before);

      // The batch with the key as a CSV reads it: charged once, whichever came first.
      const csv = join(dir, `${encodeURIComponent(typed)}.csv`);
      const row = `topup-1, ai-credits, 2, ${owned.subscription}`;
      await writeFile(csv, `key,service,how_many,subscription\n${row}\n`);
      const batch = await runInProcess(['checkout', '--csv', csv, '--journal', journal], env);
      expect(batch.code, batch.stderr).toBe(0);
      expect(owned.checkouts()).toBe(before + 1);
    },
  );
});
