import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { teamOwner } from '../support/team-owner.js';
import { runBin } from './run-bin.js';

// loose25: `seats remove` printed the removed seat by cutting the status column off the list's
// line with a regex (`show(seat).replace(/\t\w+$/, '')`): a column added to the list's line would
// have been cut instead, silently. The removed seat's line is now written by its own function
// (src/command/seat-line.ts): its id and email, the columns the list's line starts with.

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
});
afterAll(() => server.close());

describe('seatpay seats remove, the real bin', () => {
  it('prints each removed seat as "removed <id>\\t<email>", without the status it no longer has', async () => {
    const { owner, client, subscription } = await teamOwner(server, 'remove-line@example.com');
    const [seat] = await client.seats.add(subscription, [{ email: 'ada@example.com' }]);
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: owner.token, SEATPAY_LOG: 'off' };
    const id = String(subscription);

    const removed = await runBin(['seats', 'remove', id, String(seat!.id)], env);

    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toBe(`removed ${seat!.id}\tada@example.com\n`);
    expect(removed.stderr).toBe('');
    const listed = await client.seats.list(subscription);
    expect(listed.find((one) => one.id === seat!.id)).toMatchObject({ is_active: false });
  });
});
