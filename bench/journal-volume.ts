// Journal volume benchmark (issue 27): what a keyed call's journal work (get + claim + set)
// costs per key against the records a journal already holds (1k, 10k, 100k), for memoryJournal,
// fileJournal (SQLite), postgresJournal and the 0.1.0 file journal (one JSON file, the baseline);
// then a fleet's throughput (keys per second) with 1, 4 and 8 processes on one PostgreSQL journal.
//
//   npx tsx bench/journal-volume.ts [--keys 200] [--fleet-keys 240]   # same as: npm run bench:journal
//
// Journals are filled in bulk (a 0.1.0 file written once and carried over by fileJournal; rows
// inserted by SQL for PostgreSQL), then `keys` new keys are measured one after another.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  createClient,
  memoryJournal,
  type JournalRecord,
  type PurchaseJournal,
} from '../src/index.js';
import { startMockServer } from '../src/mock/index.js';
import { fileJournal, type FileJournal } from '../src/node.js';
import { postgresJournal, type PostgresJournal } from '../src/postgres.js';
import { startPostgres } from '../test/support/postgres-server.js';
import { runFleet } from '../test/journals/support/fleet.js';
import { fileJournal as fileJournal010 } from './baseline/file-journal-0.1.0.js';
import { teamPurchase } from '../test/support/team-purchase.js';

const { values } = parseArgs({
  options: {
    keys: { type: 'string', default: '200' },
    'fleet-keys': { type: 'string', default: '240' },
  },
});
const KEYS = Number(values.keys);
const SIZES = [1_000, 10_000, 100_000];

const record = (stage: 'sending' | 'done'): JournalRecord => ({
  kind: 'checkout',
  stage,
  charged: stage === 'done' ? 'yes' : 'unknown',
  params: { service: 'ai-credits', how_many: 5, subscription: 7 },
  ...(stage === 'done' ? { result: { id: 1, amount: '4.00', status: 'FULFILLED' } } : {}),
  updatedAt: new Date().toISOString(),
});

/** Mean ms per key of get + claim + set over `count` new keys. */
async function perKey(journal: PurchaseJournal, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const key = `bench-${i}-${Math.random()}`;
    await journal.get(key);
    await journal.claim!(key, record('sending'));
    await journal.set(key, record('done'));
  }
  return (performance.now() - started) / count;
}

const filled = (size: number) =>
  Object.fromEntries(Array.from({ length: size }, (_, i) => [`order-${i}`, record('done')]));

const dir = await mkdtemp(join(tmpdir(), 'seatpay-journal-bench-'));
const db = await startPostgres();
const ROUNDS = 5;
try {
  const stores = new Map<number, Record<'memory' | 'file' | 'postgres', PurchaseJournal>>();
  const baseline = new Map<number, string>();
  for (const size of SIZES) {
    const memory = memoryJournal();
    for (const [key, value] of Object.entries(filled(size))) await memory.set(key, value);
    const legacy = join(dir, `legacy-${size}.json`);
    await writeFile(legacy, JSON.stringify(filled(size), null, 2));
    const file = fileJournal(legacy); // carries the 0.1.0 file over into legacy-N.json.sqlite
    await file.get('warm-up');
    const table = `bench_${size}`;
    const postgres = postgresJournal(db.url, { table });
    await postgres.get('warm-up');
    const pool = new pg.Pool({ connectionString: db.url });
    await pool.query(
      `INSERT INTO "${table}" SELECT 'order-' || n, $1::jsonb, 'done', true, now() FROM generate_series(1, $2) AS n`,
      [JSON.stringify(record('done')), size],
    );
    await pool.end();
    stores.set(size, { memory, file, postgres });
    baseline.set(size, join(dir, `baseline-${size}.json`));
    await writeFile(baseline.get(size)!, JSON.stringify(filled(size), null, 2));
  }
  // Interleaved: each round measures every size and store in turn, so load weighs on all alike.
  const times = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [size, journals] of stores) {
      for (const [name, journal] of Object.entries(journals)) {
        const id = `${size} ${name}`;
        times.set(id, [...(times.get(id) ?? []), await perKey(journal, KEYS / ROUNDS)]);
      }
    }
  }
  const median = (id: string) => {
    const sorted = [...times.get(id)!].sort((x, y) => x - y);
    return sorted[sorted.length >> 1]!.toFixed(3);
  };
  const rows: string[][] = [];
  for (const size of SIZES) {
    const baselineKeys = size >= 100_000 ? 3 : size >= 10_000 ? 10 : 50;
    const old = await perKey(fileJournal010(baseline.get(size)!), baselineKeys);
    rows.push([
      size.toLocaleString('en'),
      median(`${size} memory`),
      median(`${size} file`),
      median(`${size} postgres`),
      `${old.toFixed(1)} (${baselineKeys} keys)`,
    ]);
  }
  for (const journals of stores.values()) {
    (journals.file as FileJournal).close();
    await (journals.postgres as PostgresJournal).close();
  }
  console.log(
    `\nPer key, get + claim + set, ms (median of ${ROUNDS} interleaved rounds of ${KEYS / ROUNDS} new keys; load ${loadavg()[0]!.toFixed(1)}):`,
  );
  console.log(
    '| records held | memory | fileJournal (SQLite) | PostgreSQL | 0.1.0 file (baseline) |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  await fleetThroughput(db.url, Number(values['fleet-keys']));
} finally {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
}

/** Keyed checkouts per second by a fleet of 1, 4 and 8 processes (4 workers each), keys split. */
async function fleetThroughput(databaseUrl: string, keys: number): Promise<void> {
  const server = await startMockServer({ subscriptionDelayMs: 10 });
  const owner = server.simulator.addUser({ email: 'bench@example.com' });
  const client = createClient({ baseUrl: server.url, token: owner.token, logLevel: 'off' });
  const { subscription } = await client.purchase(teamPurchase(5));
  const lines: string[] = [];
  for (const processes of [1, 4, 8]) {
    const keysOf = Array.from({ length: processes }, (_, p) =>
      Array.from({ length: keys / processes }, (_, n) => `c${p * keys + n}`),
    );
    const started = performance.now();
    await runFleet({
      baseUrl: server.url,
      token: owner.token,
      databaseUrl,
      table: `fleet_${processes}`,
      subscription: subscription.id,
      workers: 4,
      keysOf,
    });
    const seconds = (performance.now() - started) / 1000;
    lines.push(
      `| ${processes} | ${keys} | ${seconds.toFixed(1)} | ${(keys / seconds).toFixed(1)} |`,
    );
  }
  await server.close();
  console.log(
    `\nFleet on one PostgreSQL journal, keyed checkouts (load ${loadavg()[0]!.toFixed(1)}):`,
  );
  console.log('| processes | keys | seconds (process start included) | keys per second |');
  console.log('| --- | --- | --- | --- |');
  for (const line of lines) console.log(line);
}
