import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import pg from 'pg';
import { InvalidRequestError, SeatpayError } from '../../src/index.js';
import { postgresJournal } from '../../src/postgres.js';

// A pg.Client is one connection that `connect()` opens rather than lends: taken for a pool, every
// journal call failed (`client.release is not a function`, or `Client has already been
// connected`). It is refused before anything connects, saying what to pass instead.
describe('postgresJournal given a pg.Client', () => {
  it('refuses it at once, naming pg.Pool, whether connected or not, its password not shown', () => {
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'app', password });
    const error = (() => {
      try {
        postgresJournal(client);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toBeInstanceOf(SeatpayError);
    expect((error as InvalidRequestError).field).toBe('pool');
    expect((error as Error).message).toMatch(/needs a pg\.Pool .* not a pg\.Client/);
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(password);
  });

  it('still takes a pg.Pool and anything with only `query`', () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'app' });
    expect(() => postgresJournal(pool)).not.toThrow();
    expect(() => postgresJournal({ query: async () => ({ rows: [], rowCount: 0 }) })).not.toThrow();
  });
});
