// What the PostgreSQL journal tests start for a whole file: a real PostgreSQL server
// (postgres-server.ts, with its traps as root) and a simulator on a socket, and with
// `usePostgresWithSubscriber` an owner who has bought a team subscription. Hooks of the file's
// own registered after these run after them in beforeAll and before them in afterAll (vitest's
// "stack" order), so a proxy or child the file starts is stopped before the database is.
import { afterAll, beforeAll } from 'vitest';
import type { SeatpayClient } from '../../src/index.js';
import {
  startMockServer,
  type MockServer,
  type MockServerOptions,
  type MockUser,
} from '../../src/mock/index.js';
import { startPostgres, type PostgresServer } from './postgres-server.js';
import { teamOwner, type TeamOwner } from './team-owner.js';

export interface PostgresTestBed {
  db: PostgresServer;
  server: MockServer;
}

export interface SubscribedTestBed extends PostgresTestBed {
  owner: MockUser;
  /** The owner's client of `server`, no log lines. */
  client: SeatpayClient;
  /** The id of the owner's team subscription. */
  subscription: number;
  /** How many consumable checkouts the simulator charged the owner so far. */
  checkouts(): number;
}

/** Starts PostgreSQL before the file's tests and stops it after (read `db` inside them). */
export function usePostgres(): { readonly db: PostgresServer } {
  let db: PostgresServer | undefined;
  beforeAll(async () => {
    db = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
  });
  return {
    get db() {
      return started('db', db);
    },
  };
}

/**
 * Starts PostgreSQL and a simulator (with `mock`) before the file's tests, both at once, and stops
 * them after. Read the fields inside hooks and tests: before the file's beforeAll they throw.
 */
export function usePostgresAndMockServer(mock: MockServerOptions = {}): PostgresTestBed {
  let db: PostgresServer | undefined;
  let server: MockServer | undefined;
  beforeAll(async () => {
    // Each kept as soon as it is up, so afterAll stops whatever started even if the other failed.
    await Promise.all([
      startPostgres().then((started) => (db = started)),
      startMockServer(mock).then((started) => (server = started)),
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await db?.destroy();
  });
  return {
    get db() {
      return started('db', db);
    },
    get server() {
      return started('server', server);
    },
  };
}

/** {@link usePostgresAndMockServer}, and an owner (`email`) who bought a team subscription. */
export function usePostgresWithSubscriber(
  email: string,
  mock: MockServerOptions = {},
): SubscribedTestBed {
  const bed = usePostgresAndMockServer(mock);
  let owned: TeamOwner | undefined;
  beforeAll(async () => {
    owned = await teamOwner(bed.server, email);
  }, 120_000);
  return {
    get db() {
      return bed.db;
    },
    get server() {
      return bed.server;
    },
    get owner() {
      return started('owner', owned).owner;
    },
    get client() {
      return started('client', owned).client;
    },
    get subscription() {
      return started('subscription', owned).subscription;
    },
    checkouts: () => started('checkouts', owned).checkouts(),
  };
}

function started<T>(name: string, value: T | undefined): T {
  if (value === undefined)
    throw new Error(`the test bed's ${name} is read before beforeAll set it`);
  return value;
}
