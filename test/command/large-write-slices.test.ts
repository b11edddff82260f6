import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { main } from '../../src/command/main.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { echoing, hidden, SEATS, seatsWith } from './support/large-seat.js';
import { teamPurchase } from '../support/team-purchase.js';

// Every write of the command hides the secrets the run knows. A text of megabytes (a seat whose
// email the service filled with its debug output) was searched in one go: no timer, signal or
// other row of the process ran meanwhile. It is now searched in slices, and every later write
// waits for it: the lines come out whole, in their order, the token hidden in every form, before
// the run's exit code. Told by the order of events (a timer runs while the line is hidden). The
// command uses redactSecretsAsync from `seatpay/node` (it imports only the package's entries).
// The real bin printing a 5 MB line is large-write-slices.full.test.ts (a child process).

let server: MockServer;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 5 })));
afterAll(() => server.close());

describe('seatpay seats list --json, a seat of megabytes', () => {
  it('hides the token in slices while timers run, the lines whole and in order', async () => {
    const user = server.simulator.addUser({ email: 'large-write@example.com' });
    const client = createClient({ baseUrl: server.url, token: user.token, logLevel: 'off' });
    const { subscription } = await client.purchase(teamPurchase(3));
    const seats = seatsWith(echoing(user.token, 1_500_000));
    server.simulator.faults.inject({ route: SEATS, kind: 'status', status: 200, body: seats });

    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const lines: { text: string; ticks: number }[] = [];
    let stderr = '';
    const streams = {
      stdout: { write: (text: string) => void lines.push({ text, ticks }) },
      stderr: { write: (text: string) => void (stderr += text) },
    };
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: user.token };
    const argv = ['seats', 'list', String(subscription.id), '--json'];
    const code = await main(argv, { streams, env, signal: new AbortController().signal });
    clearInterval(timer);

    expect(code, stderr).toBe(0);
    expect(lines).toHaveLength(3);
    const printed = lines.map(({ text }) => JSON.parse(text) as { id: number; email: string });
    expect(printed.map(({ id }) => id)).toEqual([5, 6, 7]);
    // The seats are printed one after another, at once: the large one's line came out later,
    // after the timer ran (the loop was let go while it was hidden), and the next one after it.
    expect(lines[1]!.ticks).toBeGreaterThan(lines[0]!.ticks);
    expect(lines[2]!.ticks).toBeGreaterThanOrEqual(lines[1]!.ticks);
    // The same redaction as in one go.
    expect(lines[1]!.text).toBe(hidden(seats[1], user.token));
    expect(printed[1]!.email).toContain(' row 1 ref=cafe1 [REDACTED]');
    for (const { text } of lines) expect(text).not.toContain(user.token.slice(2, 16));
  });
});
