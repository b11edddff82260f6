import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { JournalError } from '../../src/index.js';
import { postgresJournal, type PgResult } from '../../src/postgres.js';

// review25 on redteam62's wrapped password function: a lazy thenable (a token fetch that starts
// when `then` is called) ran twice, once for the journal and once for pg; and a pool that rotates
// its token on every connection kept every token it was ever given.

/** A pool whose driver awaits the password on each "connection", then quotes it in its error. */
function rotatingPool(password: () => unknown) {
  const options = { password };
  return {
    options,
    async query(): Promise<PgResult> {
      const token = await (options.password as () => unknown).call({ user: 'app' });
      throw new Error(`could not connect to postgres://app:${String(token)}@db/shop`);
    },
  };
}

const shown = (error: unknown, journal: object) =>
  `${(error as Error).message}\n${inspect(error, { depth: 10 })}\n${inspect(journal, { depth: 10 })}`;

describe("a pg password function's answers", () => {
  it('a lazy thenable is started once per connection, and its token is hidden', async () => {
    let fetches = 0;
    const token = `lazy-${Math.random().toString(36).slice(2)}`;
    const lazy = () => ({
      then(resolve: (value: string) => void) {
        fetches += 1;
        resolve(token);
      },
    });
    const journal = postgresJournal(rotatingPool(lazy));
    const error = await journal.get('k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect(fetches).toBe(1);
    expect(shown(error, journal)).not.toContain(token);
  });

  it('a token rotated on every connection: the one in use is hidden after a hundred', async () => {
    let made = 0;
    const prefix = Math.random().toString(36).slice(2);
    const journal = postgresJournal(rotatingPool(() => `rot-${prefix}-${++made}`));
    let error: unknown;
    for (let round = 0; round < 100; round += 1)
      error = await journal.get('k').catch((e: unknown) => e);
    expect(made).toBeGreaterThanOrEqual(100);
    expect(shown(error, journal)).not.toContain(`rot-${prefix}-${made}`);
  });
});
