// A user's journal made from one of seatpay's, its `set` replaced (to add a field, to audit every
// write, to encrypt): `{ ...memoryJournal(), set: mine }`. The spread brings our `setIfHeld` along,
// which writes to our store directly: a run's renewals, refusal and release skipped the user's
// `set` (no audit line, no added field), and a `set` that stores another shape (sealed) made every
// compare fail, so a refused call left its key 'sending', an unknown outcome to settle. Our
// `setIfHeld` is used only beside our own `set`; else the run reads, then writes with the user's.
import { describe, expect, it } from 'vitest';
import { APIError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

const CHECKOUT = '/v2/payments/consumable/checkout';

async function refusingClient(email: string) {
  const simulator = createSimulator({ subscriptionDelayMs: 1 });
  const { token } = simulator.addUser({ email });
  const { subscription } = await inMemoryClient(simulator, token).purchase(teamPurchase(1));
  const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
  const client = inMemoryClient(simulator, token, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.url.includes(CHECKOUT)) {
        return Response.json({ detail: 'subscription is paused' }, { status: 400 });
      }
      return simulator.handle(request);
    },
  });
  return { client, order };
}

describe("a user's journal spreading one of ours with its own set", () => {
  it('gets every write of a refused run through its set, the field it adds kept', async () => {
    const { client, order } = await refusingClient('audited-journal@example.com');
    const ours = memoryJournal();
    const audit: string[] = [];
    const journal: PurchaseJournal = {
      ...ours,
      set: async (key, record, options) => {
        audit.push(record.stage);
        await ours.set(key, { ...record, tenant: 'acme' } as never, options);
      },
    };
    const error = await client.consumables
      .checkout({ ...order, key: 'audited', journal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(audit).toContain('refused');
    const stored = (await journal.get('audited')) as unknown as Record<string, unknown>;
    expect(stored.stage).toBe('refused');
    expect(stored.tenant).toBe('acme');
  });

  it('frees a refused key when its set and get store records sealed', async () => {
    const { client, order } = await refusingClient('sealed-journal@example.com');
    const ours = memoryJournal();
    // Sealed: the record's fields but the stage kept in another shape our store cannot compare.
    const seal = (record: object) => ({ stage: 'sending', sealed: btoa(JSON.stringify(record)) });
    const open = (found: unknown) => {
      const sealed = (found as { sealed?: string } | undefined)?.sealed;
      return sealed === undefined ? found : JSON.parse(atob(sealed));
    };
    const journal: PurchaseJournal = {
      ...ours,
      get: async (key, options) => open(await ours.get(key, options)),
      set: async (key, record, options) => ours.set(key, seal(record) as never, options),
      claim: async (key, record, options) => {
        const found = open(await ours.get(key, options));
        if (found && found.stage !== 'refused') return false;
        await ours.set(key, seal(record) as never, options);
        return true;
      },
    };
    await client.consumables.checkout({ ...order, key: 'sealed', journal }).catch(() => undefined);
    const stored = (await journal.get('sealed')) as { stage: string };
    expect(stored.stage).toBe('refused');
  });
});
