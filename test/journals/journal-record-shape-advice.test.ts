import { describe, expect, it } from 'vitest';
import { createClient, JournalError, type PurchaseJournal } from '../../src/index.js';
import { mapJournal } from '../support/map-journal.js';
import { useMockServer } from '../support/mock-server.js';
import { teamPurchase } from '../support/team-purchase.js';

// A journal of your own over a table whose `get` resolved with the record's JSON text, its row or
// a list of rows: a keyed checkout's re-run failed with "The journal's record of key … holds
// something that is not a seatpay record", and no word of what to change (newuser14). It names
// the shape found (never the content) and what `get` must resolve with.

const server = useMockServer({ subscriptionDelayMs: 5 });

// How get reshapes the record, and how the error names that shape.
const shapes = {
  'JSON text': [(record: unknown) => JSON.stringify(record), 'a string (JSON text?)'],
  row: [(record: unknown) => ({ key: 'k', record }), 'an object of another shape'],
  'list of rows': [(record: unknown) => [record], 'a list (rows?)'],
} as const;

describe('a journal of your own whose get gives the record in another shape', () => {
  it.each(Object.keys(shapes))(
    '`get` giving its %s: a JournalError saying what get must give',
    async (shape) => {
      const client = createClient({
        baseUrl: server().url,
        token: server().simulator.users.owner.token,
      });
      const { subscription } = await client.purchase(teamPurchase(5));
      const stored = mapJournal();
      const [reshape, named] = shapes[shape as keyof typeof shapes];
      const journal: PurchaseJournal = {
        ...stored,
        get: async (key) => {
          const record = await stored.get(key);
          return (record && reshape(record)) as never;
        },
      };
      const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
      await client.consumables.checkout({ ...order, key: `shape-${shape}`, journal });
      const charges = server().simulator.charges.length;

      const refused = await client.consumables
        .checkout({ ...order, key: `shape-${shape}`, journal })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(JournalError);
      const { message } = refused as Error;
      expect(message).toContain(`holds ${named}`);
      expect(message).toMatch(
        /not a seatpay record: .*its get \(and list\) must resolve with the very object its set and claim were given/,
      );
      expect(server().simulator.charges).toHaveLength(charges);
    },
  );
});
