import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// newuser20: `seatpay team --help` listed no exit codes at all, and `seatpay seats --help` only
// 0, 1 and 2: a change whose answer was lost exits 3 and a Ctrl-C 130, which a script branching on
// the help's codes did not expect. Each code the commands exit with is in their help now, and a
// change whose answer was lost says how to see whether it was made.

const server = useMockServer({ subscriptionDelayMs: 5 });
const TEAM = 'PATCH /v2/payments/subscription/{subscription_id}/billing-team';
const SEATS = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';

const envOf = () => ownerEnv(server());

async function teamSubscription(): Promise<number> {
  const env = envOf();
  const owner = createClient({ baseUrl: env.SEATPAY_BASE_URL, token: env.SEATPAY_TOKEN });
  const { subscription } = await owner.purchase({
    plan: 'team-per-seat',
    team_seats: 3,
    card: { card_number: '4242424242424242', cvc: '123' },
    chosen_period: 'MONTH',
    pollInterval: 5,
  });
  return subscription.id;
}

/** Runs `seatpay <argv>` with Ctrl-C already pressed. */
async function stopped(argv: string[]) {
  let stderr = '';
  const streams = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
  };
  const code = await main(argv, { streams, env: envOf(), signal: AbortSignal.abort() });
  return { code, stderr };
}

/** The help's "Exit codes:" paragraph, on one line. */
async function exitCodesOf(command: string): Promise<string> {
  const help = (await runInProcess([command, '--help'])).stdout;
  const at = help.indexOf('Exit codes:');
  return at < 0 ? '' : help.slice(at).replace(/\s+/g, ' ');
}

describe('seatpay team and seats --help list every code the commands exit with', () => {
  it.each([
    ['team', (id: number) => ['update', String(id), '--auto-recharge', 'on'], TEAM],
    ['seats', (id: number) => ['add', String(id), 'ada@example.com'], SEATS],
  ] as const)(
    '%s: done, refused, a usage mistake, a lost answer, Ctrl-C',
    async (command, change, route) => {
      const id = await teamSubscription();
      const env = envOf();
      const codes = await exitCodesOf(command);

      const unknown = await runInProcess([command, 'update-all', String(id)], env);
      expect(unknown.code, unknown.stderr).toBe(2);
      expect(codes).toMatch(/\b2 usage or input mistake \(nothing sent\)/);

      const missing = await runInProcess(
        [command, command === 'team' ? 'get' : 'list', '999'],
        env,
      );
      expect(missing.code, missing.stderr).toBe(1);
      expect(codes).toMatch(/\b1 failed\b/);

      // The change's answer lost (the connection reset after the service acted), every attempt.
      server().simulator.faults.inject({ route, kind: 'reset-after', times: 3 });
      const lost = await runInProcess([command, ...change(id)], env);
      expect(lost.code, lost.stderr).toBe(3);
      expect(codes).toMatch(/\b3 the answer was lost\b/);
      const look = command === 'team' ? `seatpay team get ${id}` : `seatpay seats list ${id}`;
      expect(lost.stderr).toContain(look);
      expect(codes).toContain(`${command} ${command === 'team' ? 'get' : 'list'} <subscription>`);

      const ctrlC = await stopped([command, ...change(id)]);
      expect(ctrlC.code, ctrlC.stderr).toBe(130);
      expect(codes).toMatch(/\b130 stopped by Ctrl-C\b/);

      const done = await runInProcess(
        [command, command === 'team' ? 'get' : 'list', String(id)],
        env,
      );
      expect(done.code, done.stderr).toBe(0);
      expect(codes).toMatch(/^Exit codes: 0 done\b/);
    },
  );
});

describe('seatpay team update, what it prints', () => {
  it('shows the seats the service said, and no "?" for the count its answer leaves out', async () => {
    // newuser20: the update's answer (SERVICE.md: seats_count is in the read shape only) printed
    // "team 201 of subscription 101: ? of 3 seats".
    const id = await teamSubscription();
    const ran = await runInProcess(
      ['team', 'update', String(id), '--auto-recharge', 'on'],
      envOf(),
    );
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).not.toContain('?');
    expect(ran.stdout).toMatch(new RegExp(`^team \\d+ of subscription ${id}: 3 seats\\n`));
    const read = await runInProcess(['team', 'get', String(id)], envOf());
    expect(read.stdout).toMatch(new RegExp(`^team \\d+ of subscription ${id}: 1 of 3 seats\\n`));
  });
});
