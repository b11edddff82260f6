import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Serving } from '../mock/command-support.js';
import { packAndInstall, type PackedPackage } from '../package/support/pack-and-install.js';
import { binOf, envOf, mockState, run, startMock, type Finished } from './support.js';

// `seatpay` as users run it: the packed package's bin, a child process, against `seatpay-mock`
// running as a real process on loopback. Every command and every exit code.

const CARD = { card_number: '4242424242424242', cvc: '987', exp_month: '12', exp_year: '2030' };

let pkg: PackedPackage;
let bin: string;
let dir: string;
const mocks: Serving[] = [];

beforeAll(async () => {
  pkg = await packAndInstall();
  bin = binOf(pkg.scratchDir);
  dir = await mkdtemp(join(tmpdir(), 'seatpay-command-'));
  await writeFile(join(dir, 'card.json'), JSON.stringify(CARD));
}, 180_000);

afterAll(async () => {
  await Promise.all(mocks.map((mock) => mock.stop()));
  if (pkg) await rm(pkg.scratchDir, { recursive: true, force: true });
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function mockWith(faults: string[] = []): Promise<Serving> {
  const mock = await startMock(faults);
  mocks.push(mock);
  return mock;
}

const seatpay = (mock: Serving, args: string[]) => run(bin, args, envOf(mock), dir);

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

/** Buys a team plan with the command; resolves with the subscription id. */
async function buyTeam(mock: Serving, key: string, journal: string): Promise<number> {
  const bought = await seatpay(mock, [
    'purchase',
    '--plan',
    'team-per-seat',
    '--seats',
    '3',
    '--period',
    'MONTH',
    '--key',
    key,
    '--journal',
    journal,
    '--card-file',
    join(dir, 'card.json'),
    '--json',
  ]);
  expect(bought.code, bought.stderr).toBe(0);
  return (JSON.parse(bought.stdout) as { subscription: { id: number } }).subscription.id;
}

// A hang guard, not a budget: each test runs several bins at once, and at a load of 25 to 45
// one took over the default 60 s (test:all failed on it).
describe.concurrent('seatpay, the packed bin', { timeout: 300_000 }, () => {
  it("--help, --version and each command's --help exit 0; a mistake exits 2 in one line", async ({
    expect,
  }) => {
    const env = {};
    const [help, version, ...commands] = await Promise.all([
      run(bin, ['--help'], env, dir),
      run(bin, ['--version'], env, dir),
      ...['purchase', 'checkout', 'seats', 'team', 'upload', 'journal'].map((name) =>
        run(bin, [name, '--help'], env, dir),
      ),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes: 0 done, 1 failed/);
    expect(version.stdout.trim()).toBe(
      JSON.parse(await readFile(join(pkg.installedDir, 'package.json'), 'utf8')).version,
    );
    for (const command of commands) expect(command.code).toBe(0);
    expect(commands[0]!.stdout).toMatch(/--plan <slug>.*\n.*--seats <n>/);
    const mistake = await run(
      bin,
      ['purchase', '--plan', 'personal', '--token', 'secret-token-1'],
      env,
      dir,
    );
    expect(mistake).toMatchObject({ code: 2, stdout: '' });
    expect(mistake.stderr).toMatch(/^seatpay: --token is refused: .*SEATPAY_TOKEN.*\n$/);
    expect(mistake.stderr).not.toContain('secret-token-1');
  });

  it('purchase: done (0), replayed on a re-run, and nothing secret printed or journaled', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const journal = join(dir, 'purchase.json');
    const args = [
      'purchase',
      '--plan',
      'team-per-seat',
      '--seats',
      '3',
      '--period',
      'MONTH',
      '--key',
      'order-1',
      '--journal',
      journal,
      '--card-file',
      join(dir, 'card.json'),
    ];
    const first = await seatpay(mock, args);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /^order-1: purchase done, plan team-per-seat, subscription \d+\n$/,
    );
    expect(first.stderr).toMatch(/order-1: pay done/);
    const again = await run(
      bin,
      [...args.slice(0, -2), '--json'],
      { ...envOf(mock), SEATPAY_CARD: JSON.stringify(CARD) },
      dir,
    );
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      key: 'order-1',
      replayed: true,
      plan: 'team-per-seat',
    });
    const state = await mockState(mock);
    expect(state.charges.filter((charge) => charge.kind === 'payment')).toHaveLength(1);
    await expectNoSecrets(mock, [first, again], [journal]);
  });

  it('purchase refused by the service: exit 4 (fix the order), nothing charged', async ({
    expect,
  }) => {
    const mock = await mockWith(['POST /v1/payments/pay status=400 times=always']);
    const refused = await seatpay(mock, [
      'purchase',
      '--plan',
      'personal',
      '--period',
      'MONTH',
      '--key',
      'order-2',
      '--journal',
      join(dir, 'refused.json'),
      '--card-file',
      join(dir, 'card.json'),
    ]);
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
    const subscription = String(await buyTeam(mock, 'team-1', join(dir, 'team.json')));
    const added = await seatpay(mock, [
      'seats',
      'add',
      subscription,
      'ada@example.com',
      'bob@example.com',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/\tada@example\.com\tactive\n.*\tbob@example\.com\tactive\n/);
    expect(
      (await seatpay(mock, ['seats', 'replace', subscription, 'bob@example.com', 'cy@example.com']))
        .code,
    ).toBe(0);
    const removed = await seatpay(mock, ['seats', 'remove', subscription, 'ada@example.com']);
    expect(removed).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^removed \d+\tada@example\.com/),
    });
    const listed = await seatpay(mock, ['seats', 'list', subscription, '--json']);
    const emails = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { email: string; is_active: boolean });
    expect(
      emails
        .filter((seat) => seat.is_active)
        .map((seat) => seat.email)
        .sort(),
    ).toEqual(['cy@example.com', 'owner@example.com']);
    const tooMany = await seatpay(mock, [
      'seats',
      'add',
      subscription,
      'd@example.com',
      'e@example.com',
    ]);
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toMatch(/^seatpay: .*Seats limit exceeded/);
    const updated = await seatpay(mock, [
      'team',
      'update',
      subscription,
      '--auto-recharge',
      'on',
      '--max-spend',
      '50.00',
      '--json',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({
      auto_recharge_enabled: true,
      max_monthly_spend: '50.00',
    });
    const got = await seatpay(mock, ['team', 'get', subscription]);
    expect(got.stdout).toMatch(/auto-recharge on, .*max spend 50\.00/);
    const unknown = await seatpay(mock, ['team', 'get', '999999']);
    expect(unknown.code).toBe(1);
  });

  it('a checkout batch from CSV: one line per row, a summary, replayed on a re-run; a refused row exits 4', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const journal = join(dir, 'batch.json');
    const subscription = await buyTeam(mock, 'batch-team', journal);
    const csv = join(dir, 'batch.csv');
    await writeFile(
      csv,
      `key,service,how_many,subscription\r\n"row,1",ai-credits,1,${subscription}\r\nrow-2,"ai-credits",2,${subscription}\r\nrow-3,ai-credits,3,999999\r\n`,
    );
    const first = await seatpay(mock, [
      'checkout',
      '--csv',
      csv,
      '--journal',
      journal,
      '--concurrency',
      '2',
      '--json',
    ]);
    expect(first.code, first.stderr).toBe(4);
    const rows = first.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { key: string; status: string });
    expect(rows.map((row) => `${row.key} ${row.status}`).sort()).toEqual([
      'row,1 done',
      'row-2 done',
      'row-3 refused',
    ]);
    expect(first.stderr).toMatch(
      /summary: 3 rows: 2 done, 0 replayed, 1 refused by the service \(fix the row\), 0 failed/,
    );
    const again = await seatpay(mock, ['checkout', '--csv', csv, '--journal', journal]);
    expect(again.stdout).toMatch(/line 2 row,1: replayed/);
    expect(again.stderr).toMatch(/summary: 3 rows: 0 done, 2 replayed, 1 refused by the service/);
    const checkouts = (await mockState(mock)).charges.filter(
      (charge) => charge.kind === 'consumable-checkout',
    );
    expect(checkouts.map((charge) => charge.amount).sort()).toEqual(['1.00', '2.00']);
  });
});
