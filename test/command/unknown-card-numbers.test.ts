import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';
import { teamOwner } from '../support/team-owner.js';

// The command hides the secrets it knows (its token, its own card). A card number someone typed
// into a CSV's free-text column is not one of them, and an answer or a refusal that echoes it was
// printed as is. It is now hidden by its form (13-19 digits, alone or grouped as cards are, a card
// network's first digits, the Luhn check digit), in any script's digits; the numbers a run prints
// otherwise (ids, quantities, dates, timestamps, phone numbers) are left as they are.

const PUT_SEATS = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';

/** Test cards of three networks, each Luhn-valid, in the forms people type them. */
const CARDS = [
  '4111 1111 1111 1111',
  '5555-5555-5555-4444',
  '3782 822463 10005',
  '４１１１１１１１１１１１１１１１',
];

/** Numbers that are not cards, some of them Luhn-valid by chance. */
const HEALTHY = [
  'seat 2147483647',
  'qty 12',
  'on 2026-11-29 at 12:00:05',
  'at 1764412800005 ms', // a millisecond timestamp, Luhn-valid
  'batch 2026112912000006', // a compact date and time, Luhn-valid
  'call +4915112345678', // a phone number, Luhn-valid
  'or +1 415 555 2671',
  'ref 9999999999999995', // 16 digits, Luhn-valid, no card network's
  'order 4111111111111112', // a card's form, not its check digit
  'amount 4111111111111111.50',
];

let server: MockServer;
let dir: string;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-cards-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('seats add --csv, a card number in a free-text column', () => {
  it('is hidden wherever an answer echoes it, and healthy numbers are not', async () => {
    const { owner: user, subscription } = await teamOwner(server, 'unknown-card@example.com');
    const names = CARDS.map((card) => `card ${card}`);
    const csv = ['email,first_name', ...names.map((name, at) => `n${at}@example.com,${name}`)];
    await writeFile(join(dir, 'seats.csv'), `${csv.join('\n')}\n`);
    const echoed = [...names, ...HEALTHY].join('; ');
    server.simulator.faults.inject({
      route: PUT_SEATS,
      kind: 'status',
      status: 200,
      body: { data: [], errors: [{ message: `names refused: ${echoed}` }] },
    });
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: user.token };
    const args = ['seats', 'add', String(subscription), '--csv', join(dir, 'seats.csv')];
    const ran = await runInProcess(args, env);

    expect(ran.code, ran.stderr).toBe(1);
    const printed = ran.stdout + ran.stderr;
    expect(printed).toContain('names refused: card [REDACTED]; card [REDACTED]; card [REDACTED]');
    expect(printed.match(/card \[REDACTED\]/g)).toHaveLength(CARDS.length);
    for (const card of CARDS) expect(printed).not.toContain(card);
    expect(printed).not.toContain('822463');
    for (const healthy of HEALTHY) expect(printed).toContain(healthy);
  });
});
