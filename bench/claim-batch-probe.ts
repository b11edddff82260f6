// Group commit's other half, measured before it is built (journal19, issue 37): fileJournal's claims
// made while a flush is pending already share the next flush (wal-flush.ts); would writing them in
// one SQLite transaction (BEGIN IMMEDIATE, n claims, COMMIT) instead of n autocommits save CPU too?
// The journal's own table and claim statement, WAL at synchronous = NORMAL, no flush (the flush is
// shared either way); CPU (user + system) per claim, medians of interleaved rounds.
//
//   npx tsx bench/claim-batch-probe.ts [--rounds 7] [--claims 4000] [--batch 8,32]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { SQL } from '../src/journals/sqlite/journal-rows.js';
import { median } from './keyed-cost-stats.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    claims: { type: 'string', default: '4000' },
    batch: { type: 'string', default: '8,32' },
  },
});
const dir = await mkdtemp(join(tmpdir(), 'claim-batch-'));
try {
  const db = new DatabaseSync(join(dir, 'journal.db'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 0');
  db.exec(
    'CREATE TABLE seatpay_journal (key TEXT PRIMARY KEY, record TEXT NOT NULL, stage TEXT NOT NULL, settled INTEGER NOT NULL, written INTEGER)',
  );
  const claim = db.prepare(SQL.claim);
  // A checkout's claim record, as long as one is (about 700 characters).
  const record = JSON.stringify({ stage: 'paying', charged: 'unknown', pad: 'x'.repeat(640) });
  let next = 0;
  const row = () => [`key-${next++}`, record, 'paying', 0, Date.now()] as const;
  const claims = Number(values.claims);
  const arms: Record<string, () => void> = {
    'one transaction a claim': () => void claim.run(...row()),
  };
  for (const size of values.batch.split(',').map(Number)) {
    arms[`${size} claims a transaction`] = () => {
      db.exec('BEGIN IMMEDIATE');
      for (let i = 0; i < size; i++) claim.run(...row());
      db.exec('COMMIT');
    };
  }
  const sizes: Record<string, number> = { 'one transaction a claim': 1 };
  for (const size of values.batch.split(',').map(Number))
    sizes[`${size} claims a transaction`] = size;
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(arms).map((a) => [a, []]));
  for (let round = 0; round < Number(values.rounds) + 1; round++) {
    const names = Object.keys(arms);
    for (const name of round % 2 ? names.reverse() : names) {
      const run = arms[name]!;
      const started = process.cpuUsage();
      for (let done = 0; done < claims; done += sizes[name]!) run();
      const { user, system } = process.cpuUsage(started);
      if (round > 0) cpu[name]!.push((user + system) / claims);
    }
  }
  db.close();
  console.log('| claims written | CPU µs per claim, median [min-max] |');
  console.log('| --- | --- |');
  for (const [name, list] of Object.entries(cpu)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `| ${name} | ${median(list).toFixed(1)} [${sorted[0]!.toFixed(1)}-${sorted.at(-1)!.toFixed(1)}] |`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
