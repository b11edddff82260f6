import { describe, expect, it } from 'vitest';
import {
  localStorageJournal,
  memoryJournal,
  type CheckoutRecord,
  type JournalRecord,
  type PurchaseJournal,
} from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { usePostgres } from '../support/postgres-test-bed.js';
import { testPool } from '../support/postgres-server.js';
import { webStorage } from '../support/web-storage.js';

// A heartbeat (the renewal of a claim's lease) whose answer is lost while the store still has it
// to run: a statement PostgreSQL runs after its connection was cut, a write a slow store runs
// after its caller gave up. The run goes on, is paid, and records its outcome; then the heartbeat
// lands. Written as it was (the claim with a fresh lease), it would put "sending" back over the
// paid record: the answer lost to every re-run, the key held, then unknown and settled as if it
// might not have been charged. A renewal must change nothing once the key is no longer the run's
// live claim. The lost answer is played by a journal wrapped around each real one: the first
// renewal is kept to be run later and answered at once with a connection error.

const CHECKOUT = '/v2/payments/consumable/checkout';
const LEASE_MS = 300; // a heartbeat every 100 ms while the service is held

const folder = useJournalFolder('seatpay-late-heartbeat-');
const bed = usePostgres();

type Maker = () => { journal: PurchaseJournal; close: () => Promise<void> };
const journals: [string, Maker][] = [
  ['memoryJournal', () => ({ journal: memoryJournal({ lease: LEASE_MS }), close: async () => {} })],
  [
    'localStorageJournal',
    () => ({
      journal: localStorageJournal({ storage: webStorage(), lease: LEASE_MS }),
      close: async () => {},
    }),
  ],
  [
    'fileJournal',
    () => {
      const journal = folder.journalAt(`${folder.dir}/orders.db`);
      return { journal: { ...journal, lease: LEASE_MS }, close: async () => {} };
    },
  ],
  [
    'postgresJournal',
    () => {
      const pool = testPool(bed.db.url);
      const journal = postgresJournal(pool, { table: 'late_heartbeat', lease: LEASE_MS });
      return { journal, close: async () => void (await journal.close(), await pool.end()) };
    },
  ],
];

/**
 * `real`, its first renewal of a claim once `arm()` was called (the request was sent: a heartbeat,
 * not the renewal of a late claim before sending) answered at once with a lost connection, kept
 * to be run by `late()`.
 */
function losingFirstRenewal(real: PurchaseJournal) {
  const kept: { run?: () => Promise<unknown>; armed?: boolean } = {};
  let lost!: () => void;
  const renewalLost = new Promise<void>((resolve) => (lost = resolve));
  const isRenewal = (record: JournalRecord) =>
    kept.armed === true &&
    kept.run === undefined &&
    record.stage === 'sending' &&
    record.leaseUntil !== undefined;
  const keep = (run: () => Promise<unknown>) => {
    kept.run = run;
    lost();
    return Promise.reject(new Error('Connection terminated unexpectedly'));
  };
  const journal: PurchaseJournal = {
    ...real,
    get: (key, options) => real.get(key, options),
    claim: (key, record, options) => real.claim!(key, record, options),
    set: (key, record, options) =>
      isRenewal(record)
        ? keep(() => real.set(key, record, options))
        : real.set(key, record, options),
  };
  if (real.setIfHeld) {
    const setIfHeld = real.setIfHeld.bind(real);
    journal.setIfHeld = (key, record, held, options) =>
      isRenewal(record)
        ? (keep(() => setIfHeld(key, record, held, options)) as Promise<boolean>)
        : setIfHeld(key, record, held, options);
  }
  return { journal, renewalLost, arm: () => (kept.armed = true), late: () => kept.run!() };
}

describe.each(journals)("%s: a run's writes only while the key is its live claim", (_, make) => {
  it('a renewal whose answer was lost, run after the outcome, never puts the claim back', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 1 });
    const { token } = simulator.addUser({ email: 'late-heartbeat@example.com' });
    const { subscription } = await inMemoryClient(simulator, token).purchase(teamPurchase(1));
    const { journal: real, close } = make();
    const { journal, renewalLost, arm, late } = losingFirstRenewal(real);
    let open!: () => void;
    const service = new Promise<void>((resolve) => (open = resolve));
    const client = inMemoryClient(simulator, token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.url.includes(CHECKOUT)) {
          arm();
          await service;
        }
        return simulator.handle(request);
      },
    });
    try {
      const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id, journal };
      const paying = client.consumables.checkout({ ...order, key: 'late-beat' });
      await renewalLost; // the first heartbeat went out and its answer was lost
      open();
      const paid = await paying;
      expect((await real.get('late-beat'))?.stage).toBe('done');

      await late().catch(() => undefined); // the store runs the renewal now
      const record = await real.get('late-beat');
      expect(record?.stage).toBe('done');
      expect(record?.leaseUntil).toBeUndefined();
      // A re-run replays the answer: no wait for a lease, no unknown outcome, no second charge.
      const again = await inMemoryClient(simulator, token).consumables.checkout({
        ...order,
        journal: real,
        key: 'late-beat',
      });
      expect(again).toEqual(paid);
      expect(simulator.charges.filter((c) => c.kind === 'consumable-checkout')).toHaveLength(1);
    } finally {
      open();
      await close();
    }
  }, 60_000);

  it('setIfHeld writes only while the key is that live claim', async () => {
    const { journal, close } = make();
    const setIfHeld = journal.setIfHeld!.bind(journal);
    const at = new Date().toISOString();
    const claim: CheckoutRecord = {
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      params: { how_many: 2 },
      updatedAt: at,
      leaseUntil: '2030-01-01T00:00:00.000Z',
      holder: 'this-run',
    };
    const held = { holder: 'this-run', leases: ['2029-01-01T00:00:00.000Z', claim.leaseUntil!] };
    const renewed = { ...claim, leaseUntil: '2030-01-01T00:00:01.000Z' };
    try {
      expect(await setIfHeld('cas-none', renewed, held)).toBe(false); // no record
      expect(await journal.get('cas-none')).toBeUndefined();
      for (const [key, record] of [
        ['cas-other-holder', { ...claim, holder: 'another-run' }],
        ['cas-other-lease', { ...claim, leaseUntil: '2030-01-01T00:00:02.000Z' }],
        ['cas-done', { ...claim, stage: 'done', charged: 'yes' }],
        [
          'cas-settled',
          { ...claim, settled: { charged: 'no', at, reason: 'ops', by: 'operator' } },
        ],
      ] as const) {
        await journal.set(key, record as CheckoutRecord);
        expect(await setIfHeld(key, renewed, held)).toBe(false);
        expect(await journal.get(key)).toEqual(record);
      }
      await journal.set('cas-held', claim);
      expect(await setIfHeld('cas-held', renewed, held)).toBe(true);
      expect(await journal.get('cas-held')).toEqual(renewed);
      // The lease it held is gone now: the same write again finds the key no longer that claim.
      expect(await setIfHeld('cas-held', claim, { ...held, leases: [claim.leaseUntil!] })).toBe(
        false,
      );
    } finally {
      await close();
    }
  });
});
