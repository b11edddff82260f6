import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../support/postgres-test-bed.js';
import { testPool } from '../support/postgres-server.js';
import { runBin } from './run-bin.js';

// redteam61: `SEATPAY_JOURNAL` holding the database password as `password=` typed after the path
// (`postgres://app@db/x&password=...`, a `&` for the `?`), the connection let in by ~/.pgpass:
// PostgreSQL said `database "x&password=<it>" does not exist`, and `seatpay journal list`
// printed that (the command knew the password only from `user:password@`, `?password=` and
// PGPASSWORD). The bin, run as a child process, against a real PostgreSQL.

const bed = usePostgres();
const password = `p@ss-${Math.random().toString(36).slice(2)}`;
let folder = '';
let env: Record<string, string> = {};
let host = '';

beforeAll(async () => {
  const admin = testPool(bed.db.url);
  await admin.query(`CREATE ROLE app LOGIN SUPERUSER PASSWORD '${password}'`);
  await admin.end();
  host = `127.0.0.1:${bed.db.port}`;
  folder = await mkdtemp(join(tmpdir(), 'seatpay-pgpass-'));
  const pgpass = join(folder, 'pgpass');
  await writeFile(pgpass, `127.0.0.1:${bed.db.port}:*:app:${password}\n`);
  await chmod(pgpass, 0o600);
  env = { PGPASSFILE: pgpass, SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 't-unused' };
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function expectHidden(text: string) {
  for (const form of [password, encodeURIComponent(password)]) expect(text).not.toContain(form);
}

describe('seatpay journal list: the database password in SEATPAY_JOURNAL is never printed', () => {
  it('`?password=<it>`: the journal is read, the password not printed', async () => {
    const where = `postgres://app@${host}/postgres?password=${encodeURIComponent(password)}`;
    const ran = await runBin(['journal', 'list', '--json'], { ...env, SEATPAY_JOURNAL: where });
    expect(ran.code, ran.stderr).toBe(0);
    expectHidden(ran.stdout + ran.stderr);
  });

  it('`&password=<it>` after the path: the failure told, the password not printed', async () => {
    const where = `postgres://app@${host}/postgres&password=${encodeURIComponent(password)}`;
    const ran = await runBin(['journal', 'list'], { ...env, SEATPAY_JOURNAL: where });
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stderr).toMatch(/3D000 database/);
    expectHidden(ran.stdout + ran.stderr);
  });
});
