import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';

// newuser20: `seatpay journal list --journal ./jornal.db` (the path mistyped) made an empty
// journal there and listed nothing, exit 0: "no key in progress", the keys to settle never seen,
// and a stray file left. list, reconcile and settle read a journal that exists: one that does not
// is a usage mistake (exit 2) that says which path, and no file is made.

const folder = useTempFolder('seatpay-journal-missing-');
const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe('seatpay journal, given a journal file that does not exist', () => {
  it.each([
    [['list']],
    [['reconcile', 'order-1']],
    [['settle', 'order-1', '--not-charged', '--reason', 'no invoice']],
  ])('%j says so, exit 2, and makes no file', async (action) => {
    const path = folder.in(`jornal-${action[0]}.db`);
    const ran = await runInProcess(['journal', ...action, '--journal', path], env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(`no journal at ${path}`);
    expect(ran.stdout).toBe('');
    expect(existsSync(path)).toBe(false);
  });
});
