import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { main } from '../../src/command/main.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { redactSecrets } from '../../src/node.js';
import { runBin } from './run-bin.js';
import { teamPurchase } from '../support/team-purchase.js';

// Every write of the command hides the secrets the run knows. A text of megabytes (a seat whose
// email the service filled with its debug output) was searched in one go: no timer, signal or
// other row of the process ran meanwhile. It is now searched in slices, and every later write
// waits for it: the lines come out whole, in their order, the token hidden in every form, before
// the run's exit code. Told by the order of events (a timer runs while the line is hidden). The
// command uses redactSecretsAsync from `seatpay/node` (it imports only the package's entries).

const SEATS = 'GET /v2/payments/subscription/{subscription_id}/billing-team/seat';

let server: MockServer;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 5 })));
afterAll(() => server.close());

/** A card number the run does not know: hidden by its form (src/node/card-shapes.ts), not by redactSecrets. */
const UNKNOWN_CARD = '5555-5555-5555-4444';

/**
 * About `size` characters of a service's debug text quoting `token` in several forms, and a card
 * number the run does not know.
 */
function echoing(token: string, size: number): string {
  const forms = [
    token,
    encodeURIComponent(token),
    btoa(`Bearer ${token}`),
    token.slice(2, 16),
    UNKNOWN_CARD,
  ];
  let text = 'debug';
  for (let at = 0; text.length < size; at++)
    text += ` row ${at} ref=cafe${at} ${forms[at % forms.length]!}`;
  return text;
}

/** Three seats, the middle one's email `large`: a service's answer to the seat list. */
function seatsWith(large: string) {
  return [
    { id: 5, user: null, email: 'ada@example.com', is_active: true },
    { id: 6, user: null, email: large, is_active: true },
    { id: 7, user: null, email: 'bob@example.com', is_active: false },
  ];
}

/** The line of `seat` as printed: the token hidden by redactSecrets, the unknown card by its form. */
function hidden(seat: unknown, token: string): string {
  const line = redactSecrets(`${JSON.stringify(seat)}\n`, [token]);
  expect(line).toContain(UNKNOWN_CARD);
  return line.replaceAll(UNKNOWN_CARD, '[REDACTED]');
}

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
