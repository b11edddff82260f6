import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { teamOwner } from '../support/team-owner.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runBin } from './run-bin.js';

// newuser24: `pass show seatpay | seatpay seats list 7 --token-file -` and `make-topups | seatpay
// checkout --csv - ...`, as curl, jq and kubectl take `-`, were told "--token-file - cannot be
// read (ENOENT); check the path". `-` is stdin now, for one flag a run. Piped to the real bin (a
// child process); `seatpay upload -`, refused in process, is upload-stdin-dash.test.ts.

let server: MockServer;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 5 })));
afterAll(() => server.close());
const folder = useTempFolder('seatpay-command-stdin-');

describe('a file named - is stdin', () => {
  it('takes the token piped to --token-file -', async () => {
    const { owner, subscription } = await teamOwner(server, 'stdin-token@example.com');
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_LOG: 'off' };
    const args = ['seats', 'list', String(subscription), '--json', '--token-file', '-'];
    const ran = await runBin(args, env, `${owner.token}\n`);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('"email":"stdin-token@example.com"');
  });

  it('takes the orders piped to --csv -, and names stdin in a row mistake', async () => {
    const { owner, subscription, checkouts } = await teamOwner(server, 'stdin-csv@example.com');
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: owner.token, SEATPAY_LOG: 'off' };
    const journal = ['--journal', folder.in('csv.db')];
    const csv = `key,service,how_many,subscription\ntopup-1,ai-credits,2,${subscription}\n`;
    const ran = await runBin(['checkout', '--csv', '-', ...journal], env, csv);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^line 2 topup-1: done/);
    expect(checkouts()).toBe(1);

    const wrong = await runBin(['checkout', '--csv=-', ...journal], env, csv.replace(',2,', ',0,'));
    expect(wrong.code, wrong.stderr).toBe(2);
    expect(wrong.stderr).toMatch(/^seatpay: stdin line 2: how_many must be a whole number/);
    expect(checkouts()).toBe(1);
  });

  it('lets one flag of a run read stdin: two are refused, nothing sent', async () => {
    const { owner, subscription, checkouts } = await teamOwner(server, 'stdin-two@example.com');
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_LOG: 'off' };
    const csv = `key,service,how_many,subscription\ntopup-2,ai-credits,2,${subscription}\n`;
    const args = ['checkout', '--csv', '-', '--token-file', '-', '--journal', folder.in('two.db')];
    const ran = await runBin(args, env, `${csv}${owner.token}\n`);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toMatch(
      /^seatpay: --token-file - and --csv - each read stdin, which holds one text: give all but one a file/,
    );
    expect(ran.stdout).toBe('');
    expect(checkouts()).toBe(0);
  });
});
