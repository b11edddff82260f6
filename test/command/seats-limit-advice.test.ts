import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';
import { teamOwner } from '../support/team-owner.js';

// newuser21: `seatpay seats add 7 eve@example.com` on a team whose seats are all taken said only
// the service's "400 Seats limit exceeded: 4 > 3": nothing on how a team gets more seats. It says
// now that nothing changed, and the checkout that buys seats (or the remove that frees one).

let server: MockServer;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 5 })));
afterAll(() => server.close());

describe('seats add past the team’s seats', () => {
  it('says to buy seats first, with the command, exit 1, nothing changed', async () => {
    const { owner, client, subscription } = await teamOwner(server, 'seats-limit@example.com');
    const before = await client.seats.list(subscription);
    const emails = Array.from({ length: 12 }, (_, at) => `member-${at}@example.com`);
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: owner.token };
    const ran = await runInProcess(['seats', 'add', String(subscription), ...emails], env);
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stderr).toMatch(/^seatpay: 400 Seats limit exceeded: \d+ > \d+ /);
    expect(ran.stderr).toContain(
      `; nothing was changed: buy more seats first (seatpay checkout --service team-seat --how-many <n> --subscription ${subscription} --key <key> --journal <file>), or remove one (seatpay seats remove ${subscription} <email>)`,
    );
    expect(ran.stdout).toBe('');
    expect(await client.seats.list(subscription)).toEqual(before);
  });
});
