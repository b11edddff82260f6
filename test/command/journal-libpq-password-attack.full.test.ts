import { describe, expect, it } from 'vitest';
import { runBin } from './run-bin.js';

// redteam60: a journal's database given in libpq's keyword form (`host=db password=...`), or as a
// postgres:// URL with a space before it (a pasted value), is no postgres:// URL: it was taken for
// a file's path and quoted whole. `seatpay journal list` said "no journal at host=db ...
// password=<the password>", and a checkout "the journal's folder ... password=<its first part>
// does not exist". Refused now (exit 2) without it. The built bin, run as a child process.

const PASSWORD = 'Hunt3r-S3cret-9q';
const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };
const CHECKOUT = ['checkout', '--service', 'ai', '--how-many', '1', '--subscription', '1'];

describe('a journal database given other than as a postgres:// URL, with a password', () => {
  it.each([
    [['journal', 'list'], `host=db.internal user=app password=${PASSWORD} dbname=journal`],
    [[...CHECKOUT, '--key', 'o-1'], `host=db user=app password=${PASSWORD}/x dbname=journal`],
  ])(
    '%j with SEATPAY_JOURNAL %j: refused (exit 2), the password not shown',
    async (argv, where) => {
      const ran = await runBin(argv, { ...env, SEATPAY_JOURNAL: where });
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stdout + ran.stderr).not.toContain(PASSWORD.slice(0, 8));
      expect(ran.stderr).toMatch(/libpq connection string|starts postgres:\/\//);
    },
  );

  it('--journal " postgres://app:<password>@db/x" (a space before it): refused, not shown', async () => {
    const url = ` postgres://app:${PASSWORD}@db.internal/journal`;
    const ran = await runBin(['journal', 'list', '--journal', url], env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stdout + ran.stderr).not.toContain(PASSWORD.slice(0, 8));
  });
});
