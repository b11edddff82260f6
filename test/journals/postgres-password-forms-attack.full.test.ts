import { inspect } from 'node:util';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JournalError, type SeatpayClient } from '../../src/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgresAndMockServer } from '../support/postgres-test-bed.js';
import { testPool } from '../support/postgres-server.js';
import { teamOwner } from '../support/team-owner.js';
import { useTelemetry } from '../observe/support/otel.js';

// redteam61: a database password given another way than `user:password@` (a `password=` after
// the path, libpq's keyword words after a URL, a pg.Pool's own `password`) was unknown to the
// journal, and PostgreSQL's "database ... does not exist" quoted it (the connection, let in by
// PGPASSWORD or the pool's password, named a database holding it), in the URL's encoding too.

const bed = usePostgresAndMockServer({ subscriptionDelayMs: 10 });
const telemetry = useTelemetry();
// A password with characters a URL encodes: `@` is %40 in it, and in the database's name echoed.
const password = `p@ss-${Math.random().toString(36).slice(2)}`;
const encoded = encodeURIComponent(password);
let host = '';

beforeAll(async () => {
  host = `127.0.0.1:${bed.db.port}`;
  const admin = testPool(bed.db.url);
  await admin.query(`CREATE ROLE app LOGIN SUPERUSER PASSWORD '${password}'`);
  await admin.end();
});

const savedPgPassword = process.env.PGPASSWORD;
afterEach(() => {
  if (savedPgPassword === undefined) delete process.env.PGPASSWORD;
  else process.env.PGPASSWORD = savedPgPassword;
});

/** Everything a user sees of `error` and of `journal`: the message, its prints, the spans. */
async function shown(error: unknown, journal: object): Promise<string> {
  expect(error).toBeInstanceOf(JournalError);
  const cause = (error as Error).cause;
  return [
    (error as Error).message,
    String(error),
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify(error),
    inspect(cause, { depth: 10 }),
    inspect(journal, { depth: 10, showHidden: true }),
    JSON.stringify(journal),
    await telemetry.text(),
  ].join('\n');
}

function expectHidden(text: string) {
  for (const form of [password, encoded, Buffer.from(password).toString('base64')])
    expect(text).not.toContain(form);
  expect(text).toMatch(/3D000 database/); // the server's answer is still told
}

async function client(): Promise<SeatpayClient> {
  const email = `pw-${Math.random().toString(36).slice(2)}@example.com`;
  return (await teamOwner(bed.server, email, { tracer: telemetry.tracer() })).client;
}

describe('postgresJournal: a password given another way is in no message, print or span', () => {
  it('a URL with `&password=` for `?password=` (the connection let in by PGPASSWORD)', async () => {
    process.env.PGPASSWORD = password;
    const journal = postgresJournal(`postgres://app@${host}/postgres&password=${encoded}`);
    const error = await journal.get('k').catch((e: unknown) => e);
    expectHidden(await shown(error, journal));
    await journal.close();
  });

  it("libpq's keyword words after a URL (`... password=<it>`), in a money call's error", async () => {
    process.env.PGPASSWORD = password;
    const journal = postgresJournal(`postgres://app@${host}/postgres password=${password}`);
    const buyer = await client();
    const error = await buyer.consumables
      .checkout({ service: 'ai-credits', how_many: 1, subscription: 1, key: 'k-1', journal })
      .catch((e: unknown) => e);
    expectHidden(await shown(error, journal));
    await journal.close();
  });

  it("a pg.Pool of the user's own, made from such a URL", async () => {
    process.env.PGPASSWORD = password;
    const pool = new pg.Pool({
      connectionString: `postgres://app@${host}/postgres&password=${encoded}`,
    });
    pool.on('error', () => undefined);
    const journal = postgresJournal(pool);
    const error = await journal.get('k').catch((e: unknown) => e);
    expectHidden(await shown(error, journal));
    await pool.end();
  });

  it("a pg.Client of the user's own, made from such a URL, is refused before it connects", () => {
    // A pg.Client keeps no connection string: its `database` holds the URL's password (review24).
    // A journal cannot run on one connection that connect() opens rather than lends: it is refused
    // at once, and its refusal quotes neither password.
    process.env.PGPASSWORD = password;
    const other = `0ld-${Math.random().toString(36).slice(2)}`;
    const client = new pg.Client({
      connectionString: `postgres://app@${host}/postgres&password=${other}`,
    });
    let refusal: unknown;
    try {
      postgresJournal(client);
    } catch (error) {
      refusal = error;
    }
    expect((refusal as Error).message).toContain('not a pg.Client');
    const text = inspect(refusal, { depth: 10, showHidden: true });
    expect(text).not.toContain(password);
    expect(text).not.toContain(other);
  });

  it("a pg.Pool of the user's own, its password in its `password` field", async () => {
    // Keyword words split into fields by hand, the database's cut wrong: it holds the password.
    const config = { host: '127.0.0.1', port: bed.db.port, user: 'app', password };
    const database = `postgres password=${password}`;
    const pool = new pg.Pool({ ...config, database });
    pool.on('error', () => undefined);
    const journal = postgresJournal(pool);
    const error = await journal.get('k').catch((e: unknown) => e);
    expectHidden(await shown(error, journal));
    await pool.end();
  });

  it('a pg.Pool whose password is a function still connects with it (redteam62)', async () => {
    // The journal wraps the function to learn its tokens: pg must still call it, and be let in.
    delete process.env.PGPASSWORD;
    let calls = 0;
    const token = async () => (calls++, password);
    const config = { host: '127.0.0.1', port: bed.db.port, user: 'app', database: 'postgres' };
    const pool = new pg.Pool({ ...config, password: token, max: 1 });
    pool.on('error', () => undefined);
    for (const journal of [postgresJournal(pool), postgresJournal(pool)])
      expect(await journal.get('absent')).toBeUndefined();
    expect(calls).toBe(1); // the pool's one connection, wrapped once
    await pool.end();
  });
});
