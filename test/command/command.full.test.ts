import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Serving } from '../mock/command-support.js';
import { chargesOf, envOf, jsonLines, mockState, packedCommand, type Finished } from './support.js';

// `seatpay` as users run it: the packed package's bin, a child process, against `seatpay-mock`
// running as a real process on loopback. Every command and every exit code.

const CARD = { card_number: '4242424242424242', cvc: '987', exp_month: '12', exp_year: '2030' };

const packed = packedCommand({ card: CARD });
const { seatpay, mockWith, buyTeam, teamPurchase, inDir } = packed;

/** No output and no file holds the token, the card number or the CVC. */
async function expectNoSecrets(mock: Serving, results: Finished[], files: string[] = []) {
  const texts = [
    ...results.flatMap(({ stdout, stderr }) => [stdout, stderr]),
    ...(await Promise.all(files.map((file) => readFile(file, 'utf8')))),
  ];
  for (const text of texts)
    for (const secret of [mock.ownerToken, CARD.card_number, `"${CARD.cvc}"`])
      expect(text).not.toContain(secret);
}

// A hang guard, not a budget: each test runs several bins at once, and at a load of 25 to 45
// one took over the default 60 s (test:all failed on it).
describe.concurrent('seatpay, the packed bin', { timeout: 300_000 }, () => {
  it("--help, --version and each command's --help exit 0; a mistake exits 2 in one line", async ({
    expect,
  }) => {
    const env = {};
    const [help, version, ...commands] = await Promise.all([
      seatpay(['--help'], env),
      seatpay(['--version'], env),
      ...['purchase', 'checkout', 'seats', 'team', 'upload', 'journal'].map((name) =>
        seatpay([name, '--help'], env),
      ),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes: 0 done, 1 failed/);
    expect(version.stdout.trim()).toBe(
      JSON.parse(await readFile(join(packed.pkg.installedDir, 'package.json'), 'utf8')).version,
    );
    for (const command of commands) expect(command.code).toBe(0);
    expect(commands[0]!.stdout).toMatch(/--plan <slug>.*\n.*--seats <n>/);
    const mistake = await seatpay(
      ['purchase', '--plan', 'personal', '--token', 'secret-token-1'],
      env,
    );
    expect(mistake).toMatchObject({ code: 2, stdout: '' });
    expect(mistake.stderr).toMatch(/^seatpay: --token is refused: .*SEATPAY_TOKEN.*\n$/);
    expect(mistake.stderr).not.toContain('secret-token-1');
  });

  it('purchase: done (0), replayed on a re-run, and nothing secret printed or journaled', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const journal = inDir('purchase.json');
    const args = teamPurchase(journal, { key: 'order-1', seats: 3 });
    const first = await seatpay(args, envOf(mock));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /^order-1: purchase done, plan team-per-seat, subscription \d+\n$/,
    );
    expect(first.stderr).toMatch(/order-1: pay done/);
    const again = await seatpay([...args.slice(0, -2), '--json'], {
      ...envOf(mock),
      SEATPAY_CARD: JSON.stringify(CARD),
    });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      key: 'order-1',
      replayed: true,
      plan: 'team-per-seat',
    });
    expect(await chargesOf(mock, 'payment')).toHaveLength(1);
    await expectNoSecrets(mock, [first, again], [journal]);
  });

  it('purchase refused by the service: exit 4 (fix the order), nothing charged', async ({
    expect,
  }) => {
    const mock = await mockWith(['POST /v1/payments/pay status=400 times=always']);
    const refused = await seatpay(
      [
        'purchase',
        '--plan',
        'personal',
        '--period',
        'MONTH',
        '--key',
        'order-2',
        '--journal',
        inDir('refused.json'),
        '--card-file',
        inDir('card.json'),
      ],
      envOf(mock),
    );
    expect(refused.code, refused.stderr).toBe(4);
    expect(refused.stderr).toMatch(
      /^seatpay: Purchase failed at step "pay" \(nothing was charged\).*; refused by the service: fix the order/m,
    );
    expect(refused.stderr.trimEnd().split('\n').at(-1)).toMatch(/^seatpay: /);
    expect((await mockState(mock)).charges).toEqual([]);
  });

  it('seats list, add, replace, remove and team get, update; a refused seat exits 1', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const subscription = String(
      await buyTeam(mock, inDir('team.json'), { key: 'team-1', seats: 3 }),
    );
    const added = await seatpay(
      ['seats', 'add', subscription, 'ada@example.com', 'bob@example.com'],
      envOf(mock),
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/\tada@example\.com\tactive\n.*\tbob@example\.com\tactive\n/);
    expect(
      (
        await seatpay(
          ['seats', 'replace', subscription, 'bob@example.com', 'cy@example.com'],
          envOf(mock),
        )
      ).code,
    ).toBe(0);
    const removed = await seatpay(
      ['seats', 'remove', subscription, 'ada@example.com'],
      envOf(mock),
    );
    expect(removed).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^removed \d+\tada@example\.com/),
    });
    const listed = await seatpay(['seats', 'list', subscription, '--json'], envOf(mock));
    const emails = jsonLines<{ email: string; is_active: boolean }>(listed.stdout);
    expect(
      emails
        .filter((seat) => seat.is_active)
        .map((seat) => seat.email)
        .sort(),
    ).toEqual(['cy@example.com', 'owner@example.com']);
    const tooMany = await seatpay(
      ['seats', 'add', subscription, 'd@example.com', 'e@example.com'],
      envOf(mock),
    );
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toMatch(/^seatpay: .*Seats limit exceeded/);
    const updated = await seatpay(
      ['team', 'update', subscription, '--auto-recharge', 'on', '--max-spend', '50.00', '--json'],
      envOf(mock),
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({
      auto_recharge_enabled: true,
      max_monthly_spend: '50.00',
    });
    const got = await seatpay(['team', 'get', subscription], envOf(mock));
    expect(got.stdout).toMatch(/auto-recharge on, .*max spend 50\.00/);
    const unknown = await seatpay(['team', 'get', '999999'], envOf(mock));
    expect(unknown.code).toBe(1);
  });

  it('a checkout batch from CSV: one line per row, a summary, replayed on a re-run; a refused row exits 4', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const journal = inDir('batch.json');
    const subscription = await buyTeam(mock, journal, { key: 'batch-team', seats: 3 });
    const csv = inDir('batch.csv');
    await writeFile(
      csv,
      `key,service,how_many,subscription\r\n"row,1",ai-credits,1,${subscription}\r\nrow-2,"ai-credits",2,${subscription}\r\nrow-3,ai-credits,3,999999\r\n`,
    );
    const first = await seatpay(
      ['checkout', '--csv', csv, '--journal', journal, '--concurrency', '2', '--json'],
      envOf(mock),
    );
    expect(first.code, first.stderr).toBe(4);
    const rows = jsonLines<{ key: string; status: string }>(first.stdout);
    expect(rows.map((row) => `${row.key} ${row.status}`).sort()).toEqual([
      'row,1 done',
      'row-2 done',
      'row-3 refused',
    ]);
    expect(first.stderr).toMatch(
      /summary: 3 rows: 2 done, 0 replayed, 1 refused by the service \(fix the row\), 0 failed/,
    );
    const again = await seatpay(['checkout', '--csv', csv, '--journal', journal], envOf(mock));
    expect(again.stdout).toMatch(/line 2 row,1: replayed/);
    expect(again.stderr).toMatch(/summary: 3 rows: 0 done, 2 replayed, 1 refused by the service/);
    const checkouts = await chargesOf(mock, 'consumable-checkout');
    expect(checkouts.map((charge) => charge.amount).sort()).toEqual(['1.00', '2.00']);
  });
});
