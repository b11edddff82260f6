import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JournalError,
  memoryJournal,
  UnsettledKeyError,
  type CheckoutParams,
  type JournalRecord,
  type PurchaseJournal,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { teamOwner } from '../support/team-owner.js';

// What client.journal.reconcile concludes from and what it keeps: only a charge proves a charge
// (a declined or pending invoice proves nothing), what the service listed is recorded and returned
// with the client's secrets hidden, and a custom journal whose list() does not page is an error,
// never a loop without end.

let server: MockServer;
let users = 0;

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 10 });
});
afterAll(async () => server?.close());

/** How a lying or careless service may rewrite the invoice listing. */
type Rewrite = (invoice: Record<string, unknown>, token: string) => Record<string, unknown>;

/** A user with a team subscription, a client, and a way to rewrite its invoice listing. */
async function owner() {
  const listing: { rewrite: Rewrite | undefined } = { rewrite: undefined };
  let token = ''; // the owner's, known once it is made (nothing is rewritten before)
  const rewriting: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const { rewrite } = listing;
    if (request.method !== 'GET' || !request.url.includes('/invoice') || !rewrite) return response;
    const invoices = (await response.json()) as Array<Record<string, unknown>>;
    return Response.json(invoices.map((invoice) => rewrite(invoice, token)));
  };
  const bought = await teamOwner(server, `reconcile-evidence-${++users}@example.com`, {
    fetch: rewriting,
  });
  token = bought.owner.token;
  const order: CheckoutParams = {
    service: 'ai-credits',
    how_many: 3,
    subscription: bought.subscription,
  };
  return { client: bought.client, order, token, listing };
}

/** A checkout whose answer was lost after the service acted: its key's outcome is unknown. */
async function lostCheckout(
  client: Awaited<ReturnType<typeof owner>>['client'],
  order: CheckoutParams,
  key: string,
  journal: PurchaseJournal,
) {
  await checkoutAnswerLost(server.simulator, client, { ...order, key, journal });
}

describe('reconcile concludes "charged" only from a charge', () => {
  it.each(['REJECTED', 'PENDING', 'SOMETHING_NEW'])(
    'an invoice %s: unknown, the key left unsettled (a re-run still refuses it)',
    async (status) => {
      const { client, order, listing } = await owner();
      const journal = memoryJournal();
      await lostCheckout(client, order, 'declined-1', journal);
      listing.rewrite = (invoice) => ({ ...invoice, status });
      // Before the fix: charged 'yes' and the declined order replayed on every re-run.
      const result = await client.journal.reconcile('declined-1', { journal });
      expect(result.charged).toBe('unknown');
      expect(await journal.get('declined-1')).toMatchObject({
        stage: 'sending',
        charged: 'unknown',
      });
      expect((await journal.get('declined-1'))?.settled).toBeUndefined();
      await expect(
        client.consumables.checkout({ ...order, key: 'declined-1', journal }),
      ).rejects.toThrow(UnsettledKeyError);
    },
  );

  it('a charge refunded since is still a charge: settled as charged', async () => {
    const { client, order, listing } = await owner();
    const journal = memoryJournal();
    await lostCheckout(client, order, 'refunded-1', journal);
    listing.rewrite = (invoice) => ({ ...invoice, status: 'REFUNDED' });
    expect(await client.journal.reconcile('refunded-1', { journal })).toMatchObject({
      charged: 'yes',
      record: { stage: 'done' },
    });
  });
});

describe('reconcile and the secrets a listing quotes', () => {
  it('an invoice quoting the token: hidden in the evidence, the stored record and the result', async () => {
    const { client, order, listing, token } = await owner();
    const journal = memoryJournal();
    await lostCheckout(client, order, 'quoted-1', journal);
    listing.rewrite = (invoice, quoted) => ({
      ...invoice,
      paid_at: `${String(invoice.paid_at)} (token ${quoted})`,
      invoice_notes: `charged with ${quoted}`,
    });
    const result = await client.journal.reconcile('quoted-1', { journal });
    expect(result.charged).toBe('yes');
    const stored = (await journal.get('quoted-1')) as JournalRecord;
    expect(stored.settled?.charged).toBe('yes');
    for (const shown of [
      result.evidence,
      JSON.stringify(result),
      inspect(result, { depth: 20 }),
      JSON.stringify(stored),
    ]) {
      expect(shown).not.toContain(token);
    }
    // The rest of what it listed is kept: the evidence still names the invoice.
    expect(result.evidence).toMatch(/^invoice \d+ of 3 × ai-credits/);
  });
});

describe('settle and the secrets a reason quotes', () => {
  it('a reason that quotes the token is recorded and returned with it hidden', async () => {
    const { client, order, token } = await owner();
    const journal = memoryJournal();
    await lostCheckout(client, order, 'pasted-1', journal);
    const reason = `statement shows it; charged with ${token}`;
    const settled = await client.journal.settle('pasted-1', { journal, charged: 'yes', reason });
    expect(settled.settled?.reason).toContain('statement shows it; charged with');
    expect(JSON.stringify(settled)).not.toContain(token);
    expect(JSON.stringify(await journal.get('pasted-1'))).not.toContain(token);
  });
});

describe('a custom journal whose list() does not page', () => {
  /** 500 records, and a list() that gives all of them whatever after and limit say. */
  async function careless(): Promise<PurchaseJournal> {
    const inner = memoryJournal();
    for (let i = 0; i < 500; i++) {
      await inner.set(`k-${String(i).padStart(3, '0')}`, {
        kind: 'checkout',
        stage: 'done',
        charged: 'yes',
        params: { service: 'ai-credits', how_many: 1 },
        updatedAt: new Date().toISOString(),
      });
    }
    return {
      get: (key) => inner.get(key),
      set: (key, record) => inner.set(key, record),
      claim: (key, record) => inner.claim!(key, record),
      list: () => inner.list!({}),
    };
  }

  it('client.journal.list: a JournalError that names the problem, not a loop without end', async () => {
    const { client } = await owner();
    const journal = await careless();
    // Before the fix: both looped for ever, at full CPU and growing memory.
    await expect(client.journal.list({ journal })).rejects.toThrow(
      new JournalError(
        'The journal\'s list() gave the key "k-000" twice (after "k-499"): it must honour after (only keys after it, in ascending order)',
      ),
    );
    const limited = await client.journal.list({ journal, limit: 10 }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(JournalError);
    expect((limited as Error).message).toMatch(
      /gave 500 records for a limit of 10: it must honour limit/,
    );
  });

  it('client.journal.reconcile: the same JournalError', async () => {
    const { client, order } = await owner();
    const journal = await careless();
    await lostCheckout(client, order, 'unknown-1', journal);
    const error = await client.journal.reconcile('unknown-1', { journal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    // 500 records and the key's own: a page longer than the 500 asked for.
    expect((error as Error).message).toMatch(/list\(\) gave 501 records for a limit of 500/);
  });
});
