// Review of settle / reconcile by compare-and-set (knowngaps): the compare-and-set needs the claim
// the record names (holder, lease), and a run that ends without knowing its outcome (its answer
// lost) drops both, so the usual unknown record was still read, then written. An operator's settle
// that read it while a reconcile found the invoice wrote "refused" over reconcile's "done", and
// the next run with the key paid again. The decision is now written only if the record is still
// the one read (read again right before the write).
import { expect, it } from 'vitest';
import { memoryJournal, SettleRefusedError, type PurchaseJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

// A lost answer fails the call as one (a bare toThrow() also passed a refusal sending nothing).
const ANSWER_LOST = { name: 'ConnectionError', mayHaveBeenProcessed: true };

it("settle that read the key before reconcile wrote 'done' is refused; a re-run replays", async () => {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'settle-races-reconcile@example.com' });
  let loseNextAnswer = false;
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const response = await simulator.handle(request);
      if (loseNextAnswer && request.url.endsWith('/consumable/checkout')) {
        loseNextAnswer = false;
        throw new TypeError('fetch failed'); // charged, its answer lost
      }
      return response;
    },
  });
  const bought = await client.purchase(teamPurchase(1));
  const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
  // The operator's settle reads the key, then stops until reconcile has written its finding.
  const base = memoryJournal();
  const held: { read?: () => void; resume?: Promise<void> } = {};
  const journal: PurchaseJournal = {
    ...base,
    get: async (key, options) => {
      const found = await base.get(key, options);
      const { read, resume } = held;
      if (read && resume) {
        held.read = undefined;
        read();
        await resume;
      }
      return found;
    },
  };
  const keyed = { ...order, key: 'race-1', journal };
  const charged = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout').length;

  loseNextAnswer = true;
  await expect(client.consumables.checkout(keyed)).rejects.toMatchObject(ANSWER_LOST);
  expect(charged()).toBe(1);
  let resume!: () => void;
  held.resume = new Promise<void>((resolve) => (resume = resolve));
  const settleRead = new Promise<void>((resolve) => (held.read = resolve));
  const settle = client.journal
    .settle('race-1', { journal, charged: 'no', reason: 'nothing on the statement yet' })
    .catch((error: unknown) => error);
  await settleRead;
  held.resume = undefined;
  // Reconcile of another process, on the same store (one process takes its decisions in turn).
  const reconciled = await client.journal.reconcile('race-1', { journal: base });
  expect(reconciled).toMatchObject({ charged: 'yes', record: { stage: 'done' } });
  resume();

  expect(await settle).toBeInstanceOf(SettleRefusedError);
  expect(await base.get('race-1')).toMatchObject({ stage: 'done', settled: { charged: 'yes' } });
  const again = await client.consumables.checkout(keyed).withResponse();
  expect(again.response.headers.get('idempotent-replayed')).toBe('true');
  expect(charged()).toBe(1);
});
