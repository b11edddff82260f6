import { writeFile } from 'node:fs/promises';
import { describe, it } from 'vitest';
import type { Serving } from '../mock/command-support.js';
import { chargesOf, checkoutArgs, envOf, jsonLines, mockState, packedCommand } from './support.js';

// `seatpay` after the worst: a batch killed with SIGKILL and run again, an upload stopped with
// Ctrl-C and resumed, a checkout whose answer was lost. The packed bin, against seatpay-mock.

const { seatpay, start, mockWith, buyTeam, inDir } = packedCommand();

const checkouts = (mock: Serving) => chargesOf(mock, 'consumable-checkout');

// A hang guard, not a budget: each test runs several bins at once, and at a load of 25 to 45
// one took over the default 60 s (test:all failed on it).
describe.concurrent('seatpay recovers', { timeout: 300_000 }, () => {
  it('a checkout batch killed with SIGKILL mid-way, run again, charges no row twice', async ({
    expect,
  }) => {
    // Each checkout answers after 200 ms, so the kill lands with rows done, in flight and not started.
    const mock = await mockWith(['POST /v2/payments/consumable/checkout latency=200 times=always']);
    const journal = inDir('killed.json');
    const subscription = await buyTeam(mock, journal);
    const rows = Array.from(
      { length: 16 },
      (_, at) => `order-${at + 1},ai-credits,${at + 1},${subscription}`,
    );
    const csv = inDir('killed.csv');
    await writeFile(csv, ['key,service,how_many,subscription', ...rows].join('\n'));
    const args = ['checkout', '--csv', csv, '--journal', journal, '--concurrency', '3', '--json'];
    const first = start(args, envOf(mock));
    await first.waitFor(/("status":"done".*\n.*){4}/);
    first.child.kill('SIGKILL');
    expect((await first.finished).signal).toBe('SIGKILL');
    const charged = await checkouts(mock);
    expect(charged.length).toBeGreaterThanOrEqual(4);
    expect(charged.length).toBeLessThan(16);

    const again = await seatpay(args, envOf(mock));
    const outcomes = jsonLines<{ key: string; status: string }>(again.stdout);
    expect(outcomes).toHaveLength(16);
    const unsettled = outcomes.filter((row) => row.status === 'unsettled').map((row) => row.key);
    // A row whose request was in flight at the kill may have been charged: it is named, not re-sent.
    expect(again.code, again.stderr).toBe(unsettled.length ? 3 : 0);
    for (const key of unsettled)
      expect(again.stderr).toContain(
        `key ${key} may have been charged; check with \`seatpay journal reconcile ${key}`,
      );
    expect(outcomes.filter((row) => row.status === 'replayed').length).toBeGreaterThanOrEqual(4);
    const amounts = (await checkouts(mock)).map((charge) => charge.amount);
    expect(new Set(amounts).size, 'a row charged twice').toBe(amounts.length);
    expect(amounts.length).toBeGreaterThanOrEqual(16 - unsettled.length);
    const third = await seatpay(args, envOf(mock));
    expect(third.stderr).toMatch(
      new RegExp(`summary: 16 rows: 0 done, ${16 - unsettled.length} replayed`),
    );
    expect(await checkouts(mock)).toHaveLength(amounts.length);
  });

  it('a checkout whose answer is lost exits 3 and is never sent again under its key', async ({
    expect,
  }) => {
    const mock = await mockWith(['POST /v2/payments/consumable/checkout reset-after']);
    const journal = inDir('lost.json');
    const subscription = String(await buyTeam(mock, journal));
    const args = checkoutArgs({ howMany: 5, subscription, key: 'topup-1', journal });
    const lost = await seatpay(args, envOf(mock));
    expect(lost.code, lost.stderr).toBe(3);
    expect(lost.stdout).toBe('');
    expect(lost.stderr).toMatch(/^seatpay: .+\n$/);
    const again = await seatpay(args, envOf(mock));
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(
      /^seatpay: An earlier call with the key "topup-1" was sent and its outcome is unknown/,
    );
    expect(await checkouts(mock)).toHaveLength(1);

    // Reconciled: the service's invoices tell; the key is settled as charged and replays after.
    const listed = await seatpay(['journal', 'list', '--journal', journal, '--json'], envOf(mock));
    expect(jsonLines(listed.stdout)).toContainEqual(
      expect.objectContaining({ key: 'topup-1', kind: 'checkout', charged: 'unknown' }),
    );
    const reconciled = await seatpay(
      ['journal', 'reconcile', 'topup-1', '--journal', journal],
      envOf(mock),
    );
    expect(reconciled.code, reconciled.stderr).toBe(0);
    expect(reconciled.stdout).toMatch(/^topup-1: charged yes \(invoice \d+/);
    const replayed = await seatpay(args, envOf(mock));
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toMatch(/topup-1: checkout already done \(replayed from the journal\)/);
    expect(await checkouts(mock)).toHaveLength(1);
  });

  it('an operator settles a key the service cannot tell about: recorded with why, then listed', async ({
    expect,
  }) => {
    const mock = await mockWith(['POST /v2/payments/consumable/checkout reset-before']);
    const journal = inDir('settled.json');
    const subscription = String(await buyTeam(mock, journal));
    const args = checkoutArgs({ howMany: 2, subscription, key: 'topup-9', journal });
    const lost = await seatpay(args, envOf(mock));
    expect(lost.code, lost.stderr).toBe(3);
    expect(lost.stderr).toMatch(
      /it may have been charged: check with `seatpay journal reconcile topup-9 --journal /,
    );
    const unsure = await seatpay(
      ['journal', 'reconcile', 'topup-9', '--journal', journal],
      envOf(mock),
    );
    expect(unsure.code, unsure.stdout + unsure.stderr).toBe(3);
    expect(unsure.stderr).toMatch(
      /seatpay journal settle topup-9 --charged\|--not-charged --reason/,
    );
    const settled = await seatpay(
      [
        'journal',
        'settle',
        'topup-9',
        '--not-charged',
        '--reason',
        'no invoice on 27 Nov',
        '--journal',
        journal,
      ],
      envOf(mock),
    );
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.stdout).toMatch(/topup-9: settled as not charged/);
    const listed = await seatpay(['journal', 'list', '--journal', journal, '--json'], envOf(mock));
    const entry = jsonLines<{ key: string; settled?: unknown }>(listed.stdout).find(
      (one) => one.key === 'topup-9',
    );
    expect(entry?.settled).toMatchObject({ charged: 'no', reason: 'no invoice on 27 Nov' });
  });

  it('an upload stopped with Ctrl-C exits 130, and the same command sends only what is missing', async ({
    expect,
  }) => {
    // 5 chunks of 10 MiB (the simulator's media chunk size), each acknowledged 1 s after it arrives.
    const mock = await mockWith(['POST /v2/media/me/chunk latency=1000 times=always']);
    const file = inDir('talk.bin');
    const bytes = new Uint8Array(5 * 10_485_760 - 1000).map((_, at) => at % 251);
    await writeFile(file, bytes);
    const args = ['upload', file, '--resume-dir', inDir('resume'), '--concurrency', '1'];
    const first = start(args, envOf(mock));
    await first.waitFor(/ 2\/5 chunks/);
    first.child.kill('SIGINT');
    const stopped = await first.finished;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toMatch(
      /seatpay: upload of .*talk\.bin stopped by Ctrl-C; run the same command again to send only what is missing\n$/,
    );
    expect(stopped.stderr).not.toMatch(/\n\s+at /);

    const resumed = await seatpay(args, envOf(mock));
    expect(resumed.code, resumed.stderr).toBe(0);
    const already = Number(/resuming, (\d) of 5 chunks already sent/.exec(resumed.stderr)?.[1]);
    expect(already).toBeGreaterThanOrEqual(2);
    // Each line is a step of its own (stderr is not a terminal): none counts fewer chunks than were sent.
    expect(resumed.stderr).not.toMatch(new RegExp(` [0-${already - 1}]/5 chunks`));
    expect(resumed.stdout).toMatch(/talk\.bin: media file \d+ \(/);
    const files = (await mockState(mock)).files;
    expect(files.map((one) => one.size)).toEqual([bytes.byteLength]);
  });
});
