import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { runCommand, serveCommand, type Serving } from './command-support.js';

// `seatpay-mock`, the simulator for people (API.md, "seatpay/mock"): the real command spawned as
// a user runs it, and what it prints, serves and refuses.

const running: Serving[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((serving) => serving.stop()));
});

async function serve(args: string[]): Promise<Serving> {
  const serving = await serveCommand(args);
  running.push(serving);
  return serving;
}

/** A one-line complaint on stderr, nothing on stdout, no stack. */
function expectOneLineError(result: { stdout: string; stderr: string }, text: string | RegExp) {
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^seatpay-mock: /);
  expect(lines[0]).toMatch(text);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('seatpay-mock --help and --version', () => {
  it('--help lists every option and exits 0', async () => {
    const result = await runCommand(['--help']);
    expect(result.code).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--subscription-delay',
      '--billing-team-delay',
      '--seed',
      '--owner-token',
      '--member-token',
      '--profile',
      '--fault',
      '--version',
      '/__mock/state',
    ])
      expect(result.stdout).toContain(flag);
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(await runCommand(['-v'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });
});

describe('seatpay-mock refuses mistakes in one line, exit code 2', () => {
  it.each([
    [['--prot', '4010'], /unknown option --prot/],
    [['4010'], /unexpected argument "4010"/],
    [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['--subscription-delay', 'soon'], /--subscription-delay must be a whole number/],
    [['--billing-team-delay', 'later'], /--billing-team-delay must be a whole number from 0/],
    [['--profile', 'live'], /--profile must be spec or deployed, not "live"/],
    [['--owner-token', 'a b'], /token of owner@example.com must be visible ASCII/],
    [['--owner-token', 'same', '--member-token', 'same'], /already another user's/],
    [['--fault', 'POST /v1/payments/pay explode'], /"explode" is not a fault kind/],
    [['--fault', 'POST /v1/payments/pay status=503 when=later'], /unknown setting "when=later"/],
    [['--fault', 'POST /v1/payments/pay corrupt=truncated-chunk'], /fires on finalize only/],
    [
      ['--fault', 'POST /v2/media/me/chunk/upload corrupt=reversed'],
      /"corrupt=reversed" is not a fault kind/,
    ],
    [['--host', '0.0.0.0'], /--host 0\.0\.0\.0 is not a loopback address.*add --allow-remote/],
    [['--host', '::'], /--host :: is not a loopback address/],
    [['--host', '192.168.1.20'], /not a loopback address/],
    [['--host', 'example.com'], /not a loopback address/],
  ])('%j', async (args, message) => {
    const result = await runCommand(args);
    expect(result.code).toBe(2);
    expectOneLineError(result, message);
  });

  it('a fault naming an unknown route, with the list of valid routes', async () => {
    const result = await runCommand(['--fault', 'POST /v1/payment/pay reset-after']);
    expect(result.code).toBe(2);
    expectOneLineError(result, /unknown route "POST \/v1\/payment\/pay"; valid routes: '\*', /);
    expect(result.stderr).toContain("'POST /v1/payments/pay'");
  });
});

describe('seatpay-mock serving', () => {
  it('says in one line, exit code 1, that the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((ready) => blocker.listen(0, '127.0.0.1', ready));
    const { port } = blocker.address() as AddressInfo;
    try {
      const result = await runCommand(['--port', String(port)]);
      expect(result.code).toBe(1);
      expectOneLineError(result, `port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('serves with fixed tokens, a short subscription delay and the faults asked for', async () => {
    const owner = 'owner-token-from-my-env-file';
    const server = await serve([
      '--port',
      '0',
      '--owner-token',
      owner,
      '--subscription-delay',
      '50',
      '--profile',
      'spec',
      '--fault',
      'GET /v1/payments/plan/personal status=418 times=1',
    ]);
    expect(server.ownerToken).toBe(owner);
    expect(server.banner).toContain(`SEATPAY_BASE_URL=${server.url}\n`);
    expect(server.banner).toContain(`SEATPAY_TOKEN=${owner}\n`);
    expect(server.banner).toContain('subscriptions appear 50 ms after paying');
    // Subscription listings once paid: with the default poll interval of 2 s, a 50 ms delay is
    // over by the second listing whatever the load; the default 10 to 30 s would take five or more.
    let paid = false;
    let listingsAfterPay = 0;
    const countingFetch: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      if (paid && request.method === 'GET' && request.url.endsWith('/me/subscription'))
        listingsAfterPay++;
      return fetch(request);
    };
    const client = createClient({
      baseUrl: server.url,
      token: owner,
      logLevel: 'off',
      fetch: countingFetch,
    });
    await expect(client.plans.get('personal')).rejects.toMatchObject({ status: 418 });
    await expect(client.plans.get('personal')).resolves.toMatchObject({ slug: 'personal' });
    const { subscription } = await client.purchase({
      plan: 'team-per-seat',
      team_seats: 2,
      card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' },
      chosen_period: 'MONTH',
      onStep: ({ step }) => void (step === 'pay' && (paid = true)),
    });
    expect(listingsAfterPay).toBeGreaterThanOrEqual(1);
    expect(listingsAfterPay).toBeLessThanOrEqual(2);

    const stateAs = (token: string) =>
      fetch(`${server.url}/__mock/state`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.json() as Promise<{ users: unknown[] }>);
    // Each user sees its own token only: the member's never reads the owner's.
    const state = await stateAs(server.memberToken);
    expect(JSON.stringify(state)).not.toContain(owner);
    expect((await stateAs(owner)).users).toEqual([
      { id: 1, email: 'owner@example.com', token: owner },
      { id: 2, email: 'member@example.com', token: null },
    ]);
    expect(state).toMatchObject({
      users: [
        { email: 'owner@example.com', token: null },
        { email: 'member@example.com', token: server.memberToken },
      ],
      subscriptions: [{ id: subscription.id, plan: 'team-per-seat', owner: 'owner@example.com' }],
      charges: [{ kind: 'payment', subscription: subscription.id }],
    });
    expect((await fetch(`${server.url}/__mock/state`)).status).toBe(401);
  });

  it.each([['127.0.0.1'], ['localhost'], ['::1']])(
    '--host %s (loopback) serves with no warning on stderr',
    async (host) => {
      const server = await serve(['--port', '0', '--host', host]);
      expect(server.stderr).toBe('');
    },
  );

  it('--host 0.0.0.0 --allow-remote serves, with a warning on stderr that names the exposure', async () => {
    const server = await serve(['--port', '0', '--host', '0.0.0.0', '--allow-remote']);
    expect(server.stderr).toMatch(
      /^seatpay-mock: WARNING: http:\/\/0\.0\.0\.0:\d+ may be reached from other machines: anyone who can connect can read its state and act with the tokens printed below/,
    );
    expect(server.stderr.trimEnd().split('\n')).toHaveLength(1);
    const port = /:(\d+)$/.exec(server.url)![1]!;
    const state = await fetch(`http://127.0.0.1:${port}/__mock/state`, {
      headers: { authorization: `Bearer ${server.ownerToken}` },
    });
    expect(state.status).toBe(200);
  });

  it('--profile deployed serves as the deployed server: Token auth only', async () => {
    const server = await serve(['--port', '0', '--profile', 'deployed']);
    expect(server.banner).toContain('profile deployed');
    const stateStatus = (scheme: string) =>
      fetch(`${server.url}/__mock/state`, {
        headers: { authorization: `${scheme} ${server.ownerToken}` },
      }).then((response) => response.status);
    expect(await stateStatus('Token')).toBe(200);
    expect(await stateStatus('Bearer')).toBe(401);
  });

  it('--billing-team-delay holds a team subscription without its team that long', async () => {
    const args = ['--port', '0', '--profile', 'deployed', '--subscription-delay', '10'];
    const server = await serve([...args, '--billing-team-delay', '3600000']);
    const client = createClient({
      baseUrl: server.url,
      token: server.ownerToken,
      profile: 'deployed',
      logLevel: 'off',
    });
    const purchase = client.purchase({
      plan: 'team-per-seat',
      team_seats: 2,
      card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' },
      chosen_period: 'MONTH',
      payment_method_id: 1,
      academy: 1,
      pollInterval: 10,
      waitTimeout: 500,
    });
    await expect(purchase).rejects.toMatchObject({ step: 'wait', charged: 'yes' });
    const state = await fetch(`${server.url}/__mock/state`, {
      headers: { authorization: `Token ${server.ownerToken}` },
    }).then((response) => response.json());
    expect(state.subscriptions).toHaveLength(1);
    expect(state.subscriptions[0].team ?? null).toBeNull(); // paid, listed, no team yet
  });

  it('--seed gives the same tokens on every start; SIGTERM stops it with exit code 0', async () => {
    const first = await serveCommand(['--port', '0', '--seed', '7']);
    expect(await first.stop()).toBe(0);
    const second = await serve(['--port', '0', '--seed', '7']);
    expect([second.ownerToken, second.memberToken]).toEqual([first.ownerToken, first.memberToken]);
    const other = await serve(['--port', '0', '--seed', '8']);
    expect(other.ownerToken).not.toBe(first.ownerToken);
  });
});
