import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { postgresJournal } from '../../src/postgres.js';

// review24: libpq's keyword words after a URL (`... password=<it>`) hold a password up to the
// next blank, `&` included; only the part before the `&` was hidden, so the printed journal
// (the store it names: the URL's path, which holds the words) showed the rest of the password.

describe('postgresJournal: a keyword password with `&` in it is hidden whole', () => {
  it('in the printed journal: a keyword after a URL, first or among others', async () => {
    const tail = `kLm${Math.random().toString(36).slice(2)}`;
    const password = `Xy7rT9&${tail}`;
    for (const given of [
      `postgres://app@127.0.0.1:1/postgres password=${password}`,
      `postgres://app@127.0.0.1:1/postgres sslmode=disable password=${password} user=app`,
    ]) {
      const journal = postgresJournal(given);
      const shown = inspect(journal, { showHidden: true, depth: 5 });
      expect(shown).toContain('postgres:127.0.0.1:1/postgres'); // the store is still named
      expect(shown).not.toContain(tail);
      expect(shown).not.toContain('Xy7rT9');
      await journal.close();
    }
  });

  it('a `&` after a query parameter still ends it: the next parameter is shown', async () => {
    const journal = postgresJournal(
      'postgres://app@127.0.0.1:1/postgres&password=Xy7rT9kLm3pQ&application_name=shop',
    );
    const shown = inspect(journal, { showHidden: true, depth: 5 });
    expect(shown).not.toContain('Xy7rT9kLm3pQ');
    expect(shown).toContain('application_name=shop');
    await journal.close();
  });
});
