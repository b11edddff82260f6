import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { teamOwner } from '../support/team-owner.js';
import { runInProcess } from './run-in-process.js';

// loose24, trying docs/command.md's examples as a new user: the seat list keeps a removed seat
// (inactive, as the deployed server lists it). `seatpay seats remove 7 ada@example.com` of a
// member removed once and added again picked the removed seat, sent its DELETE and failed "404
// Seat not found", exit 1, leaving the live seat; removed twice, it sent the DELETE again too.
// A seat removed was printed "removed 302\tada@example.com\tactive": its status before.

const server = useMockServer({ subscriptionDelayMs: 5 });

describe('seatpay seats remove <email>', () => {
  it('removes the live seat of a member added again, then says the seat is removed already', async () => {
    const { owner, subscription } = await teamOwner(server(), 'remove-again@example.com');
    const env = { SEATPAY_BASE_URL: server().url, SEATPAY_TOKEN: owner.token, SEATPAY_LOG: 'off' };
    const id = String(subscription);
    const seatpay = (...args: string[]) => runInProcess(['seats', ...args], env);
    expect((await seatpay('add', id, 'ada@example.com')).code).toBe(0);
    expect((await seatpay('remove', id, 'ada@example.com')).code).toBe(0);
    const added = await seatpay('add', id, 'ada@example.com');
    expect(added.code, added.stderr).toBe(0);
    const live = /^(\d+)\tada@example\.com\tactive$/m.exec(added.stdout)![1]!;

    const removed = await seatpay('remove', id, 'ada@example.com');
    expect(removed.code, removed.stderr).toBe(0);
    // Not "active", as the seat was listed before it was removed.
    expect(removed.stdout).toBe(`removed ${live}\tada@example.com\n`);
    const listed = await seatpay('list', id);
    expect(listed.stdout).toContain(`${live}\tada@example.com\tinactive`);
    expect(listed.stdout).not.toMatch(/ada@example\.com\tactive/);

    const again = await seatpay('remove', id, 'ada@example.com');
    expect(again.code).toBe(2);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(
      new RegExp(
        `^seatpay: the seat of ada@example\\.com in subscription ${id} \\(\\d+\\) is removed already; see seatpay seats list ${id} \\(see seatpay seats --help\\)\\n$`,
      ),
    );
  });
});
