import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';

// newuser21: `seatpay checkout ... --journal nodir/j.db` (the folder missing or mistyped) exited 1,
// "failed for now (nothing charged: run again)", with SQLite's "unable to open database file":
// run again, it failed the same way. It is an input mistake now (exit 2, nothing sent) that names
// the folder; the folder is not made.

const folder = useTempFolder('seatpay-command-journal-folder-');
// Port 9 (discard) answers nothing: a call that left would fail with exit 1, not 2.
const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe('seatpay, a --journal in a folder that does not exist', () => {
  it.each([
    [
      [
        'checkout',
        '--service',
        'ai-credits',
        '--how-many',
        '10',
        '--subscription',
        '7',
        '--key',
        'topup-1',
      ],
    ],
    [['purchase', '--plan', 'personal', '--period', 'MONTH', '--key', 'order-1']],
  ])('%j names the folder, exit 2, nothing made', async (argv) => {
    const path = folder.in('nodir/j.db');
    const card = JSON.stringify({ card_number: '4242424242424242', cvc: '123' });
    const ran = await runInProcess([...argv, '--journal', path], { ...env, SEATPAY_CARD: card });
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(
      `the journal's folder ${folder.in('nodir')} does not exist (a run makes the journal file, not its folder): create the folder or fix --journal (or SEATPAY_JOURNAL)`,
    );
    expect(ran.stdout).toBe('');
    expect(existsSync(folder.in('nodir'))).toBe(false);
  });

  it('refuses it from SEATPAY_JOURNAL too', async () => {
    const ran = await runInProcess(
      [
        'checkout',
        '--service',
        'ai-credits',
        '--how-many',
        '1',
        '--subscription',
        '7',
        '--key',
        'k',
      ],
      { ...env, SEATPAY_JOURNAL: folder.in('missing/j.db') },
    );
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(`the journal's folder ${folder.in('missing')} does not exist`);
  });
});
