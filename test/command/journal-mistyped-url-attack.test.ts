import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';

// review20c: a PostgreSQL journal URL with its scheme mistyped (`postgress://`, `postgres:/`,
// `pg://`) is taken for a file's path. `seatpay journal list` then said "no journal at
// postgress://app:<the password>@db/x" (newuser20's new refusal), and a purchase's "Could not open
// the journal …" quoted it as well: the database password printed. Refused now without it.

const folder = useTempFolder('seatpay-journal-url-');
const PASSWORD = 'Hunt3r-S3cret-9q';
const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe('a journal URL with a mistyped scheme and a password', () => {
  it.each([
    `postgress://app:${PASSWORD}@db.internal/journal`,
    `postgres:/app:${PASSWORD}@db.internal/journal`,
    `pg://app:${PASSWORD}@db.internal:5432/journal`,
    `PostgreSQL+ssl://app:${PASSWORD}@db.internal/journal`,
  ])('%s: refused (exit 2) without the password', async (url) => {
    for (const [argv, extra] of [
      [['journal', 'list', '--journal', url], {}],
      [['journal', 'reconcile', 'order-1'], { SEATPAY_JOURNAL: url }],
      [
        ['purchase', '--plan', 'personal', '--period', 'MONTH', '--key', 'order-1'],
        { SEATPAY_JOURNAL: url, SEATPAY_CARD: '{"card_number":"4242424242424242","cvc":"737"}' },
      ],
    ] as const) {
      const ran = await runInProcess([...argv], { ...env, ...extra });
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stdout + ran.stderr).not.toContain(PASSWORD);
      expect(ran.stderr).toContain('postgres://');
    }
  });

  it('a file path with a colon and an at sign is still a path', async () => {
    const path = folder.in('a:b@c.db');
    const ran = await runInProcess(['journal', 'list', '--journal', path], env);
    expect(ran.stderr).toContain(`no journal at ${path}`);
    expect(existsSync(path)).toBe(false);
  });
});
