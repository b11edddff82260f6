// A keyed run's outcome is stamped before it is written: its owner named and the client's secrets
// hidden, which for a large answer is a redaction in slices, and waits up to 10 s for that code's
// chunk. The heartbeat stopped as the outcome's write began, so with a lease of 20 s or less the
// live, paid key read as run out meanwhile: another process's operator, told to settle it, settled
// it as not charged, and a re-run paid twice. The lease is renewed until the outcome is ready to
// land. The journal's clock is the test's (`now`), the heartbeat's timer a fake one; the chunk is
// held by the test: nothing here waits on the wall clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Seatpay from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { teamPurchase } from '../support/team-purchase.js';

const LEASE_MS = 18_000;
const CHECKOUT = '/v2/payments/consumable/checkout';

/** The slices' chunk, held by the test once a redaction asks for it. */
const chunk = { asked: () => {}, open: () => {} };
let asked: Promise<void>;
let seatpay: typeof Seatpay;

beforeEach(async () => {
  vi.resetModules();
  asked = new Promise<void>((resolve) => (chunk.asked = resolve));
  const opened = new Promise<void>((resolve) => (chunk.open = resolve));
  vi.doMock(import('../../src/large-text/redact-in-slices.js'), async (original) => {
    chunk.asked();
    await opened;
    return original();
  });
  seatpay = await import('../../src/index.js');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  chunk.open();
  vi.useRealTimers();
});

/** A client whose checkout answers carry a note of a few slices (a service's debug dump). */
async function subscriberWithLargeAnswers() {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'outcome-stamped@example.com' });
  const client = seatpay.createClient({
    baseUrl: 'http://simulator.test',
    token: user.token,
    maxRetries: 0,
    logLevel: 'off',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const answer = await simulator.handle(request);
      if (!new URL(request.url).pathname.endsWith(CHECKOUT) || !answer.ok) return answer;
      const body = { ...(await answer.json()), note: 'trace '.repeat(40_000) };
      return Response.json(body, { status: answer.status });
    },
  });
  const { subscription } = await client.purchase(teamPurchase(1));
  const charges = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout').length;
  return {
    client,
    order: { service: 'ai-credits', how_many: 2, subscription: subscription.id },
    charges,
  };
}

/** Lets the macrotask queue turn: every write a heartbeat started on the memory journal lands. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a keyed run whose outcome takes a while to stamp (a large answer)', () => {
  it('keeps renewing its lease until the outcome lands: another process never reads it run out', async () => {
    const { client, order, charges } = await subscriberWithLargeAnswers();
    let clock = Date.now();
    const journal = { ...seatpay.memoryJournal({ lease: LEASE_MS }), now: () => clock };

    const run = client.consumables.checkout({ ...order, key: 'stamped-late', journal });
    await asked; // paid; its outcome's answer waits for the chunk to be redacted
    expect(charges()).toBe(1);
    for (let beat = 0; beat < 6; beat++) {
      clock += LEASE_MS / 3;
      vi.advanceTimersByTime(LEASE_MS / 3);
      await settle();
      // As another process reads it: still held under a lease that has not run out.
      const record = await journal.get('stamped-late');
      expect(record?.stage).toBe('sending');
      expect(Date.parse(record!.leaseUntil!)).toBeGreaterThan(clock);
    }

    chunk.open();
    const paid = await run;
    const recorded = await journal.get('stamped-late');
    expect(recorded).toMatchObject({ stage: 'done', charged: 'yes' });
    expect(recorded?.leaseUntil).toBeUndefined();
    expect(await client.consumables.checkout({ ...order, key: 'stamped-late', journal })).toEqual(
      paid,
    );
    expect(charges()).toBe(1);
  });
});
