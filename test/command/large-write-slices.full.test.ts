import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runBin } from './run-bin.js';
import { echoing, hidden, SEATS, seatsWith } from './support/large-seat.js';
import { teamPurchase } from '../support/team-purchase.js';

// Every write of the command hides the secrets the run knows. A text of megabytes (a seat whose
// email the service filled with its debug output) was searched in one go: no timer, signal or
// other row of the process ran meanwhile. It is now searched in slices, and every later write
// waits for it: the lines come out whole, in their order, the token hidden in every form, before
// the run's exit code. Told by the order of events (a timer runs while the line is hidden). The
// command uses redactSecretsAsync from `seatpay/node` (it imports only the package's entries).
// The real bin as a child process, here; the same in process is large-write-slices.test.ts.

let server: MockServer;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 5 })));
afterAll(() => server.close());

describe('seatpay seats list --json, a seat of megabytes', () => {
  it('the real bin prints a 5 MB line redacted, between the lines around it, then exits 0', async () => {
    const user = server.simulator.addUser({ email: 'large-write-bin@example.com' });
    const client = createClient({ baseUrl: server.url, token: user.token, logLevel: 'off' });
    const { subscription } = await client.purchase(teamPurchase(3));
    const seats = seatsWith(echoing(user.token, 5_000_000));
    server.simulator.faults.inject({ route: SEATS, kind: 'status', status: 200, body: seats });

    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: user.token };
    const ran = await runBin(['seats', 'list', String(subscription.id), '--json'], env);

    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.split('\n');
    expect(lines).toHaveLength(4); // three lines, each ended
    expect(lines[3]).toBe('');
    const printed = lines.slice(0, 3).map((line) => JSON.parse(line) as { id: number });
    expect(printed.map(({ id }) => id)).toEqual([5, 6, 7]);
    expect(`${lines[1]!}\n`).toBe(hidden(seats[1], user.token));
    expect(ran.stdout).not.toContain(user.token.slice(2, 16));
    expect(ran.stdout).toContain(' row 1 ref=cafe1 [REDACTED]');
  }, 120_000);
});
