import { describe, expect, it } from 'vitest';
import { APIError, memoryJournal } from '../../src/index.js';
import { settledAndPaidAgain } from '../support/paid-elsewhere.js';
import { slowClaimJournal } from '../support/slow-claim-journal.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A claim's lease is written from the time it is made, but its answer may come back late (a slow
// database, a slow network): most of the lease is gone by the time the run hears its claim
// landed. The run must still know its lease may have run out by then: the key may have been
// settled as not charged and paid by another machine meanwhile, and the run's refusal, written
// over that without a look, would free the key for a second charge.
// The journal's clock is the test's (`now`, the contract's); the other machine is a second
// journal object on the same store, in this process.

const LEASE_MS = 30_000;

describe('a run whose claim answered late in its lease', () => {
  it('reads the key before writing its refusal: never over the paid record of another run', async () => {
    const { client, gate, order, charges } = await inMemorySubscriber('slow-claim@example.com');

    let clock = Date.now();
    const store = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };
    const slow = slowClaimJournal(store);

    // The slow run's request, when it finally arrives, is refused: nothing charged.
    const frozen = gate.holdNext({ refuse: true });
    const run = client.consumables
      .checkout({ ...order, key: 'slow-1', journal: slow.journal })
      .catch((e: unknown) => e);
    await slow.landed;
    // The claim's answer arrives when 90 % of its lease has gone by.
    clock += LEASE_MS * 0.9;
    slow.answer();
    await frozen.arrived; // its request is out, held
    // Its lease (renewed as its claim answered) runs out: the run is frozen. The key is settled
    // as not charged, run again elsewhere and paid.
    clock += LEASE_MS * 1.1;
    const paid = await settledAndPaidAgain(client, { ...order, key: 'slow-1', journal: store });
    expect(charges()).toBe(1);
    const paidRecord = await store.get('slow-1');

    frozen.open();
    expect(await run).toBeInstanceOf(APIError);
    expect(await store.get('slow-1')).toEqual(paidRecord);
    // The next delivery replays the paid answer: never paid twice.
    expect(await client.consumables.checkout({ ...order, key: 'slow-1', journal: store })).toEqual(
      paid,
    );
    expect(charges()).toBe(1);
  });
});

describe('a run whose claim answered after its lease ran out', () => {
  it('reads the key before sending: never pays a key another run took over and paid', async () => {
    const { client, order, charges } = await inMemorySubscriber('late-claim-send@example.com');

    let clock = Date.now();
    const store = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };
    const slow = slowClaimJournal(store);

    const run = client.consumables.checkout({ ...order, key: 'late-2', journal: slow.journal });
    await slow.landed;
    // Its answer is held past the lease (a stopped process, a slow database): the key is settled
    // as not charged (true: nothing was sent), run again elsewhere and paid.
    clock += LEASE_MS * 1.2;
    const paid = await settledAndPaidAgain(client, { ...order, key: 'late-2', journal: store });
    expect(charges()).toBe(1);

    // The claim's answer comes at last: the run finds the key paid, and replays that answer.
    slow.answer();
    expect(await run).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
