import { writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { GOOD_CARD } from '../support/team-purchase.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';

// The command hides any Luhn-valid card-number-shaped run of digits it prints (src/node/card-shapes.ts). An
// order key is the user's own order id, and a shop's is often one such run (13 digits, starting
// with 4 or 5: one in ten passes the check): `seatpay purchase --key 5401234567894` printed
// `[REDACTED]: ...`, the CSV's row lines and `journal list` too, and the key to reconcile or settle
// an order in doubt could not be read back. The user's own keys and arguments are printed as given;
// a card number an answer echoes is still hidden. The command's own `main`, in this process (its
// writes go through the same hiding as the bin's: main.ts); the real bin's output is
// unknown-card-numbers.test.ts's and the full suites'.

/** Shop order ids, Luhn-valid, of a card network's first digits. */
const SINGLE_KEY = '5401234567894';
const ROW_KEY = '4500712345678905';

const server = useMockServer({ subscriptionDelayMs: 5 });
const folder = useTempFolder('seatpay-keys-');
beforeAll(() => writeFile(folder.in('card.json'), JSON.stringify(GOOD_CARD)));

describe('seatpay purchase, a key shaped as a card number', () => {
  it('is printed as given: the order line, the CSV row, journal list', async () => {
    const user = server().simulator.addUser({ email: 'card-shaped-key@example.com' });
    const env = { SEATPAY_BASE_URL: server().url, SEATPAY_TOKEN: user.token };
    const journal = folder.in('journal.db');
    const order = ['--plan', 'personal', '--period', 'MONTH', '--journal', journal];
    const card = ['--card-file', folder.in('card.json')];

    const single = await runInProcess(['purchase', ...order, ...card, '--key', SINGLE_KEY], env);
    expect(single.code, single.stderr).toBe(0);
    expect(single.stdout).toMatch(new RegExp(`^${SINGLE_KEY}: `, 'm'));

    const csv = folder.in('orders.csv');
    await writeFile(csv, `key,plan,period\n${ROW_KEY},personal,MONTH\n`);
    const rows = await runInProcess(['purchase', '--csv', csv, '--journal', journal, ...card], env);
    expect(rows.code, rows.stderr).toBe(0);
    expect(rows.stdout).toContain(`line 2 ${ROW_KEY}: done`);

    const listed = await runInProcess(['journal', 'list', '--journal', journal, '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const keys = listed.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { key: string }).key);
    expect(keys.sort()).toEqual([ROW_KEY, SINGLE_KEY].sort());
    for (const ran of [single, rows, listed]) {
      expect(ran.stdout + ran.stderr).not.toContain('[REDACTED]');
      expect(ran.stdout + ran.stderr).not.toContain(GOOD_CARD.card_number);
    }
  });
});
