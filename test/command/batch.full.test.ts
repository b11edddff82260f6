import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Serving } from '../mock/command-support.js';
import { gather, startProxy } from './proxy.js';
import { chargesOf, checkoutArgs, envOf, jsonLines, mockState, packedCommand } from './support.js';

// Batches a finance team can trust (issues 38 and 39), through the packed bin as a child process
// against seatpay-mock: rows at once, a closed stdout or SIGTERM that finishes and records the
// rows in flight, refusals told apart from failures, and every bad CSV row found in one pass.

const { seatpay, start, mockWith, closeAfter, buyTeam, teamPurchase, inDir } = packedCommand();

/** Every key of the journal with its stage (`journal list --json`). */
async function stages(mock: Serving, journal: string): Promise<Record<string, string>> {
  const listed = await seatpay(['journal', 'list', '--journal', journal, '--json'], envOf(mock));
  expect(listed.code, listed.stderr).toBe(0);
  return Object.fromEntries(jsonLines(listed.stdout).map((entry) => [entry.key, entry.stage]));
}

const checkouts = (mock: Serving) => chargesOf(mock, 'consumable-checkout');

// Each test runs the bin several times on a loaded machine: a guard against a hang, not a budget.
describe.concurrent('seatpay batches', { timeout: 240_000 }, () => {
  it('purchase --csv --concurrency 4: four rows pay at once (each row its own client)', async ({
    expect,
  }) => {
    const mock = await mockWith();
    // Each payment waits at the proxy until four are waiting together: rows run one at a time
    // never get there (a lone one goes on after 10 s without traffic, and the count says 1).
    const gathering = gather(
      4,
      (seen) => seen.method === 'POST' && seen.path === '/v1/payments/pay',
    );
    const proxy = await startProxy(mock.url, { hold: gathering.hold });
    closeAfter(proxy);
    const csv = inDir('purchases.csv');
    const rows = Array.from({ length: 4 }, (_, at) => `buy-${at},team-per-seat,2,MONTH`);
    await writeFile(csv, ['key,plan,seats,period', ...rows].join('\n'));
    const env = { ...envOf(mock), SEATPAY_BASE_URL: proxy.url };
    const args = ['purchase', '--csv', csv, '--journal', inDir('purchases.db')];
    const ran = await seatpay(
      [...args, '--card-file', inDir('card.json'), '--concurrency', '4', '--json'],
      env,
    );
    expect(ran.code, ran.stderr).toBe(0);
    expect(gathering.state.most).toBe(4);
    expect(jsonLines(ran.stdout).map((row) => row.status)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    const subscriptions = jsonLines(ran.stdout).map(
      (row) => (row.result as { subscription: { id: number } }).subscription.id,
    );
    expect(new Set(subscriptions).size, 'each row its own subscription').toBe(4);
    expect(await chargesOf(mock, 'payment')).toHaveLength(4);

    // The deployed server keeps one open bag per user: there, purchases run one at a time, said so.
    const said = await seatpay(
      [...args, '--profile', 'deployed', '--concurrency', '4', '--card-file', inDir('card.json')],
      env,
    );
    expect(said.stderr).toMatch(
      /--concurrency 4: the deployed server allows one open bag per user, so purchases run one at a time/,
    );
  });

  it('checkout --csv --json | head -1: a closed stdout ends quietly, every row in flight recorded', async ({
    expect,
  }) => {
    const mock = await mockWith(['POST /v2/payments/consumable/checkout latency=300 times=always']);
    const journal = inDir('epipe.db');
    const subscription = await buyTeam(mock, journal);
    const csv = inDir('epipe.csv');
    const rows = Array.from(
      { length: 12 },
      (_, at) => `pipe-${at},ai-credits,${at + 1},${subscription}`,
    );
    await writeFile(csv, ['key,service,how_many,subscription', ...rows].join('\n'));
    const args = ['checkout', '--csv', csv, '--journal', journal, '--concurrency', '3', '--json'];
    const running = start(args, envOf(mock));
    await running.waitFor(/"status":"done"/);
    running.child.stdout!.destroy(); // as `head -1` exits
    const ended = await running.finished;
    expect(ended.signal).toBeNull();
    expect(ended.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(ended.stderr).toMatch(/stopping \(output closed\): no new row starts/);
    // Every row that was charged is recorded as done: none left "sending" to settle.
    const recorded = await stages(mock, journal);
    const charged = (await checkouts(mock)).length;
    expect(charged).toBeLessThan(12);
    expect(Object.values(recorded).filter((stage) => stage === 'done')).toHaveLength(charged + 1);
    expect(Object.values(recorded)).not.toContain('sending');
    const again = await seatpay(args, envOf(mock));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      new RegExp(`summary: 12 rows: ${12 - charged} done, ${charged} replayed`),
    );
    const amounts = (await checkouts(mock)).map((charge) => charge.amount);
    expect(new Set(amounts).size).toBe(12);
  });

  it('SIGTERM stops a batch as Ctrl-C does: rows in flight finish and are recorded, exit 130', async ({
    expect,
  }) => {
    const mock = await mockWith(['POST /v2/payments/consumable/checkout latency=300 times=always']);
    const journal = inDir('term.db');
    const subscription = await buyTeam(mock, journal);
    const csv = inDir('term.csv');
    const rows = Array.from(
      { length: 12 },
      (_, at) => `term-${at},ai-credits,${at + 1},${subscription}`,
    );
    await writeFile(csv, ['key,service,how_many,subscription', ...rows].join('\n'));
    const args = ['checkout', '--csv', csv, '--journal', journal, '--concurrency', '3', '--json'];
    const running = start(args, envOf(mock));
    await running.waitFor(/"status":"done"/);
    running.child.kill('SIGTERM');
    const ended = await running.finished;
    expect(ended.signal).toBeNull();
    expect(ended.code, ended.stderr).toBe(130);
    expect(ended.stderr).toMatch(
      /stopping: no new row starts; the (1 row in flight finishes and is|\d rows in flight finish and are) recorded/,
    );
    expect(ended.stderr).toMatch(/not started \(interrupted: run again\)/);
    const printed = jsonLines(ended.stdout);
    expect(printed.every((row) => row.status === 'done')).toBe(true);
    const recorded = await stages(mock, journal);
    expect(Object.values(recorded)).not.toContain('sending');
    expect((await checkouts(mock)).length).toBe(printed.length);
    const again = await seatpay(args, envOf(mock));
    expect(again.code, again.stderr).toBe(0);
  });

  it('a row the service refuses for good: "refused", exit 4 with its code, every run; others done', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const journal = inDir('refused.db');
    const subscription = await buyTeam(mock, journal);
    const csv = inDir('refused.csv');
    await writeFile(
      csv,
      `key,service,how_many,subscription\nok-1,ai-credits,1,${subscription}\nbad-1,no-such-service,1,${subscription}\n`,
    );
    const args = ['checkout', '--csv', csv, '--journal', journal, '--json'];
    for (const round of [1, 2]) {
      const ran = await seatpay(args, envOf(mock));
      expect(ran.code, ran.stderr).toBe(4);
      const rows = jsonLines(ran.stdout);
      expect(rows.find((row) => row.key === 'bad-1')).toMatchObject({
        status: 'refused',
        exit: 4,
        code: 'service-not-found',
      });
      expect(rows.find((row) => row.key === 'ok-1')).toMatchObject({
        status: round === 1 ? 'done' : 'replayed',
        exit: 0,
      });
      expect(ran.stderr).toMatch(/1 refused by the service \(fix the row\), 0 failed/);
    }
    const one = await seatpay(
      checkoutArgs({
        service: 'no-such-service',
        howMany: 1,
        subscription,
        key: 'solo',
        journal,
      }),
      envOf(mock),
    );
    expect(one.code, one.stderr).toBe(4);
    expect(one.stderr).toMatch(/\[service-not-found\]; refused by the service: fix the order/);
    expect(await checkouts(mock)).toHaveLength(1);
  });

  it('the same key with other seats is an input mistake: exit 2, nothing sent', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const journal = inDir('reuse.db');
    const buy = (seats: number) =>
      seatpay(teamPurchase(journal, { key: 'order-1', seats }), envOf(mock));
    expect((await buy(3)).code).toBe(0);
    const reused = await buy(5);
    expect(reused.code, reused.stderr).toBe(2);
    expect(reused.stderr).toMatch(/already used for another request \(different team_seats\)/);
    expect(await chargesOf(mock, 'payment')).toHaveLength(1);
  });

  it('every bad CSV row, column and key is reported in one pass, before anything is sent', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const journal = inDir('bad.db');
    const csv = inDir('bad.csv');
    const checkout = async (text: string) => {
      await writeFile(csv, text);
      return seatpay(['checkout', '--csv', csv, '--journal', journal], envOf(mock));
    };
    const rows = await checkout(
      [
        'key,service,how_many,subscription',
        'a,ai-credits,1,7',
        'b,ai-credits,0,7',
        'c,ai-credits,9007199254740993,7',
        'd,ai-credits,1,9007199254740993',
        '"e\x1b[2J",ai-credits,1,7',
        '"f\r\nforged line",ai-credits,1,7',
        'a,ai-credits,2,7',
      ].join('\n'),
    );
    expect(rows.code, rows.stderr).toBe(2);
    expect(rows.stdout).toBe('');
    expect(rows.stderr).toMatch(/bad\.csv has 6 mistakes; nothing was sent/);
    for (const line of [
      /line 3: how_many must be a whole number from 1 to 2147483647, not "0"/,
      /line 4: how_many must be a whole number from 1 to 2147483647, not \(not shown: it may be a secret/, // review21c: a card may be pasted there
      /line 5: subscription must be a whole number from 1 to 2147483647, not \(not shown: it may be a secret/,
      /line 6: key holds a control character \(\\u\{1b\} at character 2/,
      /line 7: key holds a control character \(\\u\{d\} at character 2/,
      /line 9: key "a" is also on line 2/,
    ])
      expect(rows.stderr).toMatch(line);
    expect(rows.stderr).not.toContain('\x1b');
    expect(rows.stderr).not.toContain('\r');

    const header = await checkout(
      'key,service,how_many,subscripton,how_many\na,ai-credits,1,7,2\n',
    );
    expect(header.code).toBe(2);
    expect(header.stderr).toMatch(/unknown column "subscripton": did you mean "subscription"\?/);
    expect(header.stderr).toMatch(/column "how_many" is named twice \(columns 3 and 5\)/);

    await writeFile(csv, 'key,plan,sets,period\np-1,team-per-seat,5,MONTH\n');
    const purchase = await seatpay(
      ['purchase', '--csv', csv, '--journal', journal, '--card-file', inDir('card.json')],
      envOf(mock),
    );
    expect(purchase.code).toBe(2);
    expect(purchase.stderr).toMatch(/unknown column "sets": did you mean "seats"\?/);

    const key = await seatpay(
      [
        'checkout',
        '--service',
        'ai-credits',
        '--how-many',
        '1',
        '--key',
        'k\n1 done',
        '--journal',
        journal,
      ],
      envOf(mock),
    );
    expect(key.code).toBe(2);
    expect(key.stderr).toMatch(/^seatpay: --key holds a control character \(\\u\{a\}/);
    expect((await mockState(mock)).charges).toEqual([]);
  });

  it('a fresh checkout the service marks idempotent-replayed is not "replayed from the journal"', async ({
    expect,
  }) => {
    const mock = await mockWith();
    const journal = inDir('marked.db');
    const subscription = await buyTeam(mock, journal);
    const proxy = await startProxy(mock.url, {
      addHeaders: (seen): Record<string, string> =>
        seen.path === '/v2/payments/consumable/checkout' ? { 'idempotent-replayed': 'true' } : {},
    });
    closeAfter(proxy);
    const args = checkoutArgs({ howMany: 2, subscription, key: 'marked-1', journal });
    const env = { ...envOf(mock), SEATPAY_BASE_URL: proxy.url };
    const fresh = await seatpay([...args, '--json'], env);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(JSON.parse(fresh.stdout)).toMatchObject({ replayed: false, serviceReplayed: true });
    const text = await seatpay(args, env);
    expect(text.stdout).toMatch(/marked-1: checkout already done \(replayed from the journal\)/);
    const other = await seatpay(
      [...args.slice(0, -4), '--key', 'marked-2', '--journal', journal],
      env,
    );
    expect(other.stdout).toMatch(/marked-2: checkout done \(the service said it replayed/);
  });
});
