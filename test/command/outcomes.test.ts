import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { teamPurchase } from '../support/team-purchase.js';
import { checkoutArgs } from './support.js';

// What the command tells outside batches: reads never say "settle it", a key settled as charged
// is done, an unknown outcome gets one piece of advice as command lines, a rotated token still
// reconciles and settles a key given --identity, and the journal alone needs no service. The
// command's own `main`, in this process, against the simulator on loopback.

const CHECKOUT = 'POST /v2/payments/consumable/checkout';

const server = useMockServer({ subscriptionDelayMs: 10 });
const folder = useTempFolder('seatpay-outcomes-');
let users = 0;

/** A user of its own with a team subscription, the environment that points at it, a journal. */
async function owner() {
  const user = server().simulator.addUser({ email: `outcomes-${++users}@example.com` });
  const client = createClient({ baseUrl: server().url, token: user.token, logLevel: 'off' });
  const { subscription } = await client.purchase(teamPurchase(5));
  const env = () => ({ SEATPAY_BASE_URL: server().url, SEATPAY_TOKEN: user.token });
  const journal = folder.in(`journal-${users}.db`);
  const checkout = (key: string, howMany = 5) =>
    checkoutArgs({ howMany, subscription: subscription.id, key, journal });
  const charges = () =>
    server().simulator.charges.filter((c) => c.kind === 'consumable-checkout' && c.user === user.id)
      .length;
  return { user, client, subscription, env, journal, checkout, charges };
}

describe('read commands never exit 3', () => {
  it('seats list and team get answered 500 fail with exit 1 (run again), not "settle it"', async () => {
    const { env, subscription } = await owner();
    const id = String(subscription.id);
    const base = `/v2/payments/subscription/${id}/billing-team`;
    // The service's message quotes the database password the command was given.
    const password = 'pg-Secret-77';
    const body = { detail: `pool postgres://billing:${password}@db/billing is down` };
    for (const route of [`GET ${base}/seat`, `GET ${base}`])
      server().simulator.faults.inject({
        route,
        kind: 'status',
        status: 500,
        body,
        times: Infinity,
      });
    const withPassword = () => ({ ...env(), PGPASSWORD: password });
    // Side by side: each waits out its own retries (real ones: the command sets no retry delay).
    const [seats, team] = await Promise.all([
      runInProcess(['seats', 'list', id], withPassword()),
      runInProcess(['team', 'get', id, '--json'], withPassword()),
    ]);
    server().simulator.faults.clear();
    for (const ran of [seats, team]) {
      expect(ran.code, ran.stderr).toBe(1);
      expect(ran.stdout).toBe('');
      // The client's retry lines are the command's stderr too, hidden like the rest.
      expect(ran.stderr).toMatch(/failed \(500 .*\); retry 1 in/);
      expect(ran.stderr).toMatch(/\nseatpay: .*500/);
      expect(ran.stderr).toContain('postgres://billing:[REDACTED]@db');
      expect(ran.stderr).not.toContain(password);
    }
  });

  it('seats list answered with something that is not a seat list fails with exit 1', async () => {
    const { env, subscription } = await owner();
    const id = String(subscription.id);
    const route = `GET /v2/payments/subscription/${id}/billing-team/seat`;
    server().simulator.faults.inject({
      route,
      kind: 'status',
      status: 200,
      body: { seats: 'none' },
    });
    const ran = await runInProcess(['seats', 'list', id, '--json'], env());
    server().simulator.faults.clear();
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(/^seatpay: Unexpected response from GET /m);
  });

  it('journal reconcile whose listing answers 500 fails with exit 1', async () => {
    const { env, checkout, journal } = await owner();
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after' });
    expect((await runInProcess(checkout('read-500'), env())).code).toBe(3);
    server().simulator.faults.inject({
      route: 'GET /v1/payments/me/invoice',
      kind: 'status',
      status: 500,
      times: Infinity,
    });
    const ran = await runInProcess(
      ['journal', 'reconcile', 'read-500', '--journal', journal],
      env(),
    );
    server().simulator.faults.clear();
    expect(ran.code, ran.stderr).toBe(1);
  });
});

describe('a key whose outcome is unknown', () => {
  it('is told once, as command lines: no library calls, one reconcile line', async () => {
    const { env, checkout, journal, charges } = await owner();
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after' });
    const lost = await runInProcess(checkout('advice-1'), env());
    const again = await runInProcess(checkout('advice-1'), env());
    expect(charges()).toBe(1);
    for (const ran of [lost, again]) {
      expect(ran.code, ran.stderr).toBe(3);
      const lines = ran.stderr.trimEnd().split('\n');
      expect(lines, ran.stderr).toHaveLength(1);
      expect(ran.stderr).not.toContain('client.journal');
      expect(ran.stderr.match(/seatpay journal reconcile/g)).toHaveLength(1);
      expect(ran.stderr).toContain(`seatpay journal reconcile advice-1 --journal ${journal}`);
    }
    expect(again.stderr).toMatch(
      /^seatpay: An earlier call with the key "advice-1" was sent and its outcome is unknown; it is not sent again; it may have been charged: check with `seatpay journal reconcile advice-1 --journal /,
    );
    expect(again.stderr.match(/may have been charged/g)).toHaveLength(1);
  });

  it('settled as charged, it is done: exit 0, said so with when and why, nothing sent, in a batch too', async () => {
    const { env, checkout, journal, charges, subscription } = await owner();
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after' });
    expect((await runInProcess(checkout('settled-1'), env())).code).toBe(3);
    const settle = [
      'journal',
      'settle',
      'settled-1',
      '--charged',
      '--reason',
      'on the card statement',
      '--journal',
      journal,
    ];
    expect((await runInProcess(settle, env())).code).toBe(0);

    const single = await runInProcess(checkout('settled-1'), env());
    expect(single.code, single.stderr).toBe(0);
    expect(single.stdout).toMatch(
      /^settled-1: already done \(settled as charged at \S+ by operator: on the card statement\); nothing sent\n$/,
    );
    const json = await runInProcess([...checkout('settled-1'), '--json'], env());
    expect(JSON.parse(json.stdout)).toMatchObject({
      key: 'settled-1',
      replayed: true,
      settled: { charged: 'yes', by: 'operator', reason: 'on the card statement' },
    });

    const csv = folder.in(`settled-${subscription.id}.csv`);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      csv,
      `key,service,how_many,subscription\nsettled-1,ai-credits,5,${subscription.id}\n`,
    );
    const batch = await runInProcess(
      ['checkout', '--csv', csv, '--journal', journal, '--json'],
      env(),
    );
    expect(batch.code, batch.stderr).toBe(0);
    expect(JSON.parse(batch.stdout)).toMatchObject({ key: 'settled-1', status: 'replayed' });
    expect(batch.stderr).not.toMatch(/to settle: line/);
    expect(charges()).toBe(1);
  });
});

describe('--identity: a rotated token still reconciles and settles', () => {
  it('reconcile and settle with --identity after the token changed; without it, KeyOwnerError', async () => {
    const { user, env, checkout, journal, charges, client } = await owner();
    const identity = ['--identity', `user-${user.id}`];
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after', times: 2 });
    expect((await runInProcess([...checkout('rot-1', 5), ...identity], env())).code).toBe(3);
    expect((await runInProcess([...checkout('rot-2', 6), ...identity], env())).code).toBe(3);
    // The token rotates: the old one answers 401 from now on.
    const old = user.token;
    server().simulator.faults.inject({ route: '*', kind: 'expire-token' });
    await client.plans.get('team-per-team');
    expect(user.token).not.toBe(old);

    const refused = await runInProcess(
      ['journal', 'reconcile', 'rot-1', '--journal', journal],
      env(),
    );
    expect(refused.code, refused.stderr).toBe(2);
    const reconciled = await runInProcess(
      ['journal', 'reconcile', 'rot-1', '--journal', journal, ...identity, '--json'],
      env(),
    );
    expect(reconciled.code, reconciled.stderr).toBe(0);
    expect(JSON.parse(reconciled.stdout)).toMatchObject({ key: 'rot-1', charged: 'yes' });
    // SEATPAY_IDENTITY does the same; settle touches only the journal: no service, no token.
    const settled = await runInProcess(
      ['journal', 'settle', 'rot-2', '--charged', '--reason', 'invoice 2', '--journal', journal],
      { SEATPAY_IDENTITY: `user-${user.id}` },
    );
    expect(settled.code, settled.stderr).toBe(0);
    const replayed = await runInProcess([...checkout('rot-1', 5), ...identity], env());
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain('rot-1: checkout already done (replayed from the journal)');
    expect(charges()).toBe(2);
  });
});

describe('the journal alone', () => {
  it('journal list needs no service address and no token', async () => {
    const { env, checkout, journal } = await owner();
    expect((await runInProcess(checkout('listed-1'), env())).code).toBe(0);
    const list = ['journal', 'list', '--journal', journal];
    // Neither given, or an address it would not even need (a typo in a shared .env).
    for (const ran of [
      await runInProcess(list, {}),
      await runInProcess(list, { SEATPAY_BASE_URL: 'not a url' }),
    ]) {
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/^listed-1\tcheckout\tdone\tcharged yes\t/);
    }
  });

  it('settle of a key recorded under the token asks for the token, and says where to put it', async () => {
    const { env, checkout, journal } = await owner();
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after' });
    expect((await runInProcess(checkout('owned-1'), env())).code).toBe(3);
    const settle = [
      'journal',
      'settle',
      'owned-1',
      '--not-charged',
      '--reason',
      'x',
      '--journal',
      journal,
    ];
    const without = await runInProcess(settle, {});
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/no token: set SEATPAY_TOKEN or pass --token-file/);
    expect((await runInProcess(settle, { SEATPAY_TOKEN: env().SEATPAY_TOKEN })).code).toBe(0);
  });
});

describe('journal reconcile says which invoices it searched', () => {
  it('two lost keys of one order and one invoice: the window and why, without contradiction', async () => {
    const { env, checkout, journal } = await owner();
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-after' });
    expect((await runInProcess(checkout('twin-a'), env())).code).toBe(3);
    server().simulator.faults.inject({ route: CHECKOUT, kind: 'reset-before' });
    expect((await runInProcess(checkout('twin-b'), env())).code).toBe(3);
    const ran = await runInProcess(
      ['journal', 'reconcile', 'twin-a', '--journal', journal, '--json'],
      env(),
    );
    expect(ran.code, ran.stderr).toBe(3);
    const { evidence } = JSON.parse(ran.stdout) as { evidence: string };
    const [, from, sent] =
      /dated from (\S+) on \(2 minutes before the call was recorded at (\S+):/.exec(evidence) ?? [];
    expect(evidence).toMatch(
      /^cannot tell which invoice is this order's: 1 invoice\(s\) of 5 × ai-credits/,
    );
    expect(Date.parse(sent!) - Date.parse(from!)).toBe(120_000);
    expect(evidence).toContain('for 2 unsettled key(s) of that order');
    expect(evidence).not.toMatch(/since .* dated before it was sent/);
  });
});

describe('a database password never on the command line, never printed', () => {
  it.each(['password', 'sslpassword'])(
    '--journal with ?%s= is refused before anything is sent, naming where to put it, never it',
    async (param) => {
      const secret = 'hunter2-Pg-pass';
      const journal = `postgres://billing@127.0.0.1:9/billing?sslmode=disable&${param}=${secret}`;
      const argv = ['checkout', '--service', 'ai-credits', '--how-many', '2', '--key', 'k'];
      const ran = await runInProcess([...argv, '--journal', journal], {
        SEATPAY_BASE_URL: 'http://127.0.0.1:9',
        SEATPAY_TOKEN: 'tok-secret-1234',
      });
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stderr).toMatch(
        new RegExp(`--journal holds a database password: its ${param} parameter; .*PGPASSWORD`),
      );
      expect(ran.stderr + ran.stdout).not.toContain(secret);
    },
  );
});
