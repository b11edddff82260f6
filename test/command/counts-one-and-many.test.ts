import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';
import { teamPurchase } from '../support/team-purchase.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// loose24: a batch of one row ended "summary: 1 rows", a team of one seat read "1 seats", one
// refused seat change "1 seat change(s) refused", a one-chunk upload "1/1 chunks". Every count
// the command prints reads right for one and for many.

const server = useMockServer({ subscriptionDelayMs: 5, mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-counts-');
const PUT_SEATS = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';
let users = 0;

/** A new owner with a team subscription of `seats` seats, and the environment that is them. */
async function owner(seats: number) {
  const user = server().simulator.addUser({ email: `counts-${++users}@example.com` });
  const client = createClient({ baseUrl: server().url, token: user.token, logLevel: 'off' });
  const { subscription } = await client.purchase({ ...teamPurchase(5), team_seats: seats });
  const env = { SEATPAY_BASE_URL: server().url, SEATPAY_TOKEN: user.token, SEATPAY_LOG: 'off' };
  return { id: String(subscription.id), env };
}

/** `seatpay checkout --csv` of `rows` orders; its stderr. */
async function batchOf(rows: number): Promise<string> {
  const { id, env } = await owner(2);
  const csv = folder.in(`topups-${rows}.csv`);
  const lines = Array.from({ length: rows }, (_, at) => `topup-${rows}-${at},ai-credits,2,${id}`);
  await writeFile(csv, ['key,service,how_many,subscription', ...lines].join('\n'));
  const journal = folder.in(`journal-${rows}.db`);
  const ran = await runInProcess(['checkout', '--csv', csv, '--journal', journal], env);
  expect(ran.code, ran.stderr).toBe(0);
  return ran.stderr;
}

describe('the counts seatpay prints', () => {
  it("a batch's summary: 1 row, 2 rows", async () => {
    expect(await batchOf(1)).toContain('summary: 1 row: 1 done, 0 replayed');
    expect(await batchOf(2)).toContain('summary: 2 rows: 2 done, 0 replayed');
  });

  it("a team's seats: 1 seat, 3 seats", async () => {
    for (const [seats, said] of [
      [1, / 1 seat$/],
      [3, / 3 seats$/],
    ] as const) {
      const { id, env } = await owner(seats);
      const ran = await runInProcess(['team', 'get', id], env);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout.split('\n')[0]).toMatch(new RegExp(`^team \\d+ of subscription ${id}:`));
      expect(ran.stdout.split('\n')[0]).toMatch(said);
    }
  });

  it('seat changes refused: 1 seat change, 2 seat changes', async () => {
    const { id, env } = await owner(3);
    for (const [errors, said] of [
      [1, 'seatpay: 1 seat change refused\n'],
      [2, 'seatpay: 2 seat changes refused\n'],
    ] as const) {
      const refusals = Array.from({ length: errors }, () => ({ message: 'seat refused' }));
      server().simulator.faults.inject({
        route: PUT_SEATS,
        kind: 'status',
        status: 200,
        body: { data: [], errors: refusals },
      });
      const ran = await runInProcess(['seats', 'add', id, 'a@example.com', 'b@example.com'], env);
      expect(ran.code, ran.stderr).toBe(1);
      expect(ran.stderr).toContain(said);
    }
  });

  it("a CSV row's fields: 1 field, 2 fields", async () => {
    const csv = folder.in('short-rows.csv');
    await writeFile(csv, 'key,service,how_many,subscription\nonly-key\nkey-2,ai-credits\n');
    const ran = await runInProcess(['checkout', '--csv', csv, '--journal', folder.in('j.db')], {});
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('line 2: 1 field, the header has 4');
    expect(ran.stderr).toContain('line 3: 2 fields, the header has 4');
  });

  it("an upload's chunks: 1/1 chunk, n/n chunks", async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'one-chunk.txt');
    const one = await runInProcess(['upload', path], env);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr.trimEnd().split('\n').at(-1)).toMatch(/100% .*, 1\/1 chunk$/);
    const many = await runInProcess(['upload', path, '--operation-type', 'test-small'], env);
    expect(many.code, many.stderr).toBe(0);
    expect(many.stderr.trimEnd().split('\n').at(-1)).toMatch(/100% .*, ([2-9]|\d\d+)\/\1 chunks$/);
  });
});
