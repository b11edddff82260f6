import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';

// `seatpay purchase` prints one line per order: its key, what happened, the plan's slug as the
// service answered it, the subscription. A slug holding a line break forged a second purchase
// line, of an order that never ran, read by an operator or a script. It is printed on its line.

const FORGED = 'other-order: purchase done, plan gold, subscription 1';

let server: MockServer;
let dir: string;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-plan-forged-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('purchase and a plan slug with a line break', () => {
  it('prints the one purchase on its one line, the slug escaped', async () => {
    const user = server.simulator.addUser({ email: 'plan-forged@example.com' });
    const plan = (await (
      await fetch(`${server.url}/v1/payments/plan/team-per-team`, {
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).json()) as Record<string, unknown>;
    server.simulator.faults.inject({
      route: 'GET /v1/payments/plan/{plan_slug}',
      kind: 'status',
      status: 200,
      body: { ...plan, slug: `team-per-team\n${FORGED}` },
      times: Infinity,
    });
    const env = {
      SEATPAY_BASE_URL: server.url,
      SEATPAY_TOKEN: user.token,
      SEATPAY_CARD: JSON.stringify({ card_number: '4242424242424242', cvc: '123' }),
    };
    const argv = ['purchase', '--plan', 'team-per-team', '--seats', '2', '--period', 'MONTH'];
    const ran = await runInProcess(
      [...argv, '--key', 'plan-1', '--journal', join(dir, 'plan.db')],
      env,
    );
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^plan-1: purchase done, plan team-per-team\\u\{a\}other-order: purchase done, plan gold, subscription 1, subscription \d+$/,
    );
  });
});
