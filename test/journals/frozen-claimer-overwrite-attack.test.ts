import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, memoryJournal, type CheckoutRecord } from '../../src/index.js';
import { recordPaidElsewhere } from '../support/paid-elsewhere.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A run frozen past its lease (a stopped process, a suspended laptop, a VM paused to migrate) wakes
// to a key the others took over meanwhile: its lease ran out, an operator settled the key as not
// charged (true: the frozen request had not gone out), and another machine ran the key again and
// paid it. The frozen run's request then goes out and is refused: its "refused" record, written
// over the other machine's "done", would free the key, and the next run would pay a second time.
// Another process is played by writing its records into the shared journal, as it would.

afterEach(() => void vi.useRealTimers());

describe('a run frozen past its lease', () => {
  it('never writes its refusal over the paid record of the run that took the key over', async () => {
    const {
      client,
      gate,
      order: subscribed,
    } = await inMemorySubscriber('frozen-claimer@example.com');
    const journal = memoryJournal();
    const order = { ...subscribed, how_many: 3, journal };
    // An answer the service gave to this identity, to stand for the other machine's.
    await client.consumables.checkout({ ...order, key: 'earlier' });
    const { result } = (await journal.get('earlier')) as CheckoutRecord;

    // The service refuses the frozen run's request when it finally arrives: nothing charged.
    const frozen = gate.holdAll({ refuse: true });
    const run = client.consumables.checkout({ ...order, key: 'order-7' }).catch((e: unknown) => e);
    await frozen.arrived; // its request is out, held at the service
    expect(gate.sent()).toBe(2);
    // Frozen for a minute (twice the 30 s lease), by the clock every machine reads.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    // Meanwhile: settled as not charged, run again elsewhere, paid and recorded.
    const paidElsewhere = await recordPaidElsewhere(journal, 'order-7', result!);

    frozen.open();
    expect(await run).toBeInstanceOf(APIError);
    expect(await journal.get('order-7')).toEqual(paidElsewhere);
    // The next delivery of the order replays the other machine's answer: never paid again.
    const again = await client.consumables.checkout({ ...order, key: 'order-7' });
    expect(again).toEqual(result);
    expect(gate.sent()).toBe(2);
  });
});
