import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { JournalError } from '../../src/index.js';
import { postgresJournal, type PgResult } from '../../src/postgres.js';

// redteam62: pg takes a password as a function (`password: () => token`, IAM or rotating tokens),
// called at each connection. Its value was unknown to the journal: a pool whose errors echo the
// connection it tried (a driver's "could not connect to postgres://app:<token>@db") showed the
// token in the JournalError, though the same password given as a string was hidden.

/** A pool as pg's: `options.password` called (with `this` and its argument) on each connection. */
function echoingPool(password: (params: object) => string | Promise<string>) {
  const options = { user: 'app', host: 'db', password };
  return {
    options,
    async query(): Promise<PgResult> {
      const token = await options.password.call({ user: 'app' }, { user: 'app' });
      throw new Error(`could not connect to postgres://app:${token}@db/shop (timeout)`);
    },
  };
}

/** A client holding its own `password` function (pg.Client's shape; pg also keeps the token). */
function echoingClient(password: () => Promise<string>) {
  const client = {
    password: password as unknown,
    async query(): Promise<PgResult> {
      const token = await (client.password as () => Promise<string>)();
      throw new Error(`connection to app:${token}@db refused`);
    },
  };
  return client;
}

function expectHidden(error: unknown, journal: object, token: string) {
  expect(error).toBeInstanceOf(JournalError);
  const shown = [
    (error as Error).message,
    inspect(error, { depth: 10, showHidden: true }),
    inspect(journal, { depth: 10, showHidden: true }),
  ].join('\n');
  expect(shown).toMatch(/could not read the record of key "k"/); // the failure is still told
  for (const form of [token, encodeURIComponent(token), Buffer.from(token).toString('base64')])
    expect(shown).not.toContain(form);
}

describe('postgresJournal: a password given as a function is hidden once pg has called it', () => {
  it("a pool's password function, sync or async, a new token each connection", async () => {
    let calls = 0;
    const tokens: string[] = [];
    const pool = echoingPool(function (this: unknown, params) {
      expect(this).toEqual({ user: 'app' }); // pg's `this` and argument still reach it
      expect(params).toEqual({ user: 'app' });
      const token = `iam-${++calls}-${Math.random().toString(36).slice(2)}/x+y=`;
      tokens.push(token);
      return calls === 1 ? token : Promise.resolve(token).then((t) => t);
    });
    const journal = postgresJournal(pool);
    for (const _ of [1, 2]) {
      const error = await journal.get('k').catch((e: unknown) => e);
      expectHidden(error, journal, tokens.at(-1)!);
    }
    expect(calls).toBe(2);
  });

  it("a pg.Client's password function (one journal or two on it)", async () => {
    const token = `rot-${Math.random().toString(36).slice(2)}`;
    const client = echoingClient(async () => token);
    postgresJournal(client);
    const journal = postgresJournal(client);
    const error = await journal.get('k').catch((e: unknown) => e);
    expectHidden(error, journal, token);
  });
});
