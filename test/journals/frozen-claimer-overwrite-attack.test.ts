import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, memoryJournal, type CheckoutRecord } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';

// A run frozen past its lease (a stopped process, a suspended laptop, a VM paused to migrate) wakes
// to a key the others took over meanwhile: its lease ran out, an operator settled the key as not
// charged (true: the frozen request had not gone out), and another machine ran the key again and
// paid it. The frozen run's request then goes out and is refused: its "refused" record, written
// over the other machine's "done", would free the key, and the next run would pay a second time.
// Another process is played by writing its records into the shared journal, as it would.

afterEach(() => void vi.useRealTimers());

const CHECKOUT = '/v2/payments/consumable/checkout';

async function setUp() {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'frozen-claimer@example.com' });
  let hold: Promise<void> | undefined;
  let sent = 0;
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.includes(CHECKOUT)) return simulator.handle(request);
      sent++;
      if (!hold) return simulator.handle(request);
      await hold;
      // The service refuses the frozen run's request when it finally arrives: nothing charged.
      return Response.json(
        { detail: 'subscription-not-usable', status_code: 400 },
        { status: 400 },
      );
    },
  });
  const { subscription } = await client.purchase({
    plan: 'team-per-team',
    team_seats: 2,
    card: { card_number: '4242424242424242', cvc: '123' },
    chosen_period: 'MONTH',
    pollInterval: 1,
  });
  const frozen = () => {
    let thaw!: () => void;
    hold = new Promise<void>((resolve) => (thaw = resolve));
    return thaw;
  };
  return { client, subscription, frozen, sends: () => sent };
}

describe('a run frozen past its lease', () => {
  it('never writes its refusal over the paid record of the run that took the key over', async () => {
    const { client, subscription, frozen, sends } = await setUp();
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 3, subscription: subscription.id, journal };
    // An answer the service gave to this identity, to stand for the other machine's.
    await client.consumables.checkout({ ...order, key: 'earlier' });
    const { result } = (await journal.get('earlier')) as CheckoutRecord;

    const thaw = frozen();
    const run = client.consumables.checkout({ ...order, key: 'order-7' }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(sends()).toBe(2));
    // Frozen for a minute (twice the 30 s lease), by the clock every machine reads.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    // Meanwhile: settled as not charged, run again elsewhere, paid and recorded.
    const claimed = (await journal.get('order-7')) as CheckoutRecord;
    const { leaseUntil: _lease, ...rest } = claimed;
    const paidElsewhere: CheckoutRecord = {
      ...rest,
      stage: 'done',
      charged: 'yes',
      result: result!,
      holder: 'another-machine',
      updatedAt: new Date().toISOString(),
    };
    await journal.set('order-7', paidElsewhere);

    thaw();
    expect(await run).toBeInstanceOf(APIError);
    expect(await journal.get('order-7')).toEqual(paidElsewhere);
    // The next delivery of the order replays the other machine's answer: never paid again.
    const again = await client.consumables.checkout({ ...order, key: 'order-7' });
    expect(again).toEqual(result);
    expect(sends()).toBe(2);
  });
});
