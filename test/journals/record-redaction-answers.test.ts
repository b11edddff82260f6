import { describe, expect, it } from 'vitest';
import { memoryJournal, type JournalRecord } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

// What a keyed checkout records of the service's answer is searched for the client's secrets,
// whatever shape the answer has: the quick copy of plain JSON (record-copy.ts, issue 37) and the
// client's own walk it hands anything else to must hide the same things. The service here echoes
// the token, the card and the CVC in every place an answer can hold them.

const CARD = '4242424242424242';
const CVC = '987';

/** A checkout answer with the token, card and CVC echoed as values, keys, numbers and base64. */
function echoing(
  answer: Record<string, unknown>,
  token: string,
  nesting: number,
): Record<string, unknown> {
  let deep: Record<string, unknown> = { note: `token ${token}` };
  for (let i = 0; i < nesting; i++) deep = { next: deep };
  return {
    ...answer,
    invoice_notes: `paid by ${token}`,
    echoed: {
      [token]: 'a key named by the token',
      base64: btoa(`Bearer ${token}`),
      card_as_number: Number(CARD),
      card_grouped: '4242 4242 4242 4242',
      cvc_alone: `cvc ${CVC}.`,
      cvc_base64: btoa(`cvc=${CVC}`),
      card_number: 'masked by its name',
      list: [token, { token }, 1, null, true],
      proto_key: { polluted: token },
    },
    deep,
  };
}

describe("a keyed checkout's record of an answer that echoes the client's secrets", () => {
  it('hides them in every form, keeps `__proto__` a key, and the answer as it came for the caller', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'echo@example.com' });
    const client = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await simulator.handle(request);
        if (!request.url.endsWith('/consumable/checkout') || !response.ok) return response;
        const body = echoing(
          (await response.json()) as Record<string, unknown>,
          user.token,
          nesting,
        );
        // A key `__proto__` (JSON.parse makes it an own key, as it would of a real answer).
        const text = JSON.stringify(body).replace('"proto_key"', '"__proto__"');
        return new Response(text, {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const bought = await client.purchase(teamPurchase(1, { card_number: CARD, cvc: CVC }));
    const journal = memoryJournal();
    let nesting = 3;
    const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
    // Twice as plain JSON (the second record's repeated strings are taken from the clean ones
    // found in the first), then nested deeper than the quick copy goes (the client's own walk).
    for (const [key, depth] of [
      ['echo-1', 3],
      ['echo-2', 3],
      ['echo-deep', 25],
    ] as const) {
      nesting = depth;
      const answer = await client.consumables.checkout({ ...order, key, journal });
      // The caller's answer is the service's, untouched.
      expect(answer.invoice_notes).toBe(`paid by ${user.token}`);
      const record = (await journal.get(key)) as JournalRecord & {
        result: Record<string, unknown>;
      };
      const text = JSON.stringify(record);
      for (const secret of [
        user.token,
        btoa(`Bearer ${user.token}`),
        CARD,
        '4242 4242 4242 4242',
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toContain(btoa(`cvc=${CVC}`));
      expect(text).not.toContain(`cvc ${CVC}.`);
      const echoed = record.result.echoed as Record<string, unknown>;
      expect(echoed.card_number).toBe('[REDACTED]');
      expect(echoed.card_as_number).toBe('[REDACTED]');
      expect(echoed.list).toEqual(['[REDACTED]', { token: '[REDACTED]' }, 1, null, true]);
      expect(Object.hasOwn(echoed, '__proto__')).toBe(true);
      expect(text).toContain('"__proto__":{"polluted":"[REDACTED]"}');
      // Deeper than 20: a marker, as the client's own walk makes.
      expect(text.includes('[…]')).toBe(depth > 20);
      expect(record.result.status).toBe(answer.status);
    }
  });
});
