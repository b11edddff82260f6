// The turns table every copy of seatpay in a process shares (decision-turns.ts, on globalThis by
// `Symbol.for('seatpay.decisionTurns')`) frozen once made, as SES's `harden(globalThis)` after
// seatpay loaded leaves it: the mark of a journal call under way was written on that table, so
// every settle and reconcile threw, told as "The journal could not read the record" of a journal
// that was fine. Its maps still take entries when frozen; the mark is then this copy's own. This
// file keeps a module graph and a process of its own (test/setup/shared-graph.ts: Symbol.for).
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { settlingInsideWrite } from '../support/settle-inside-write.js';
import { inMemorySubscriber } from '../support/team-owner.js';

describe('the shared turns table frozen (harden(globalThis))', () => {
  it('a settle lands, and one started inside its own write is still refused', async () => {
    const { simulator, client, order } = await inMemorySubscriber('frozen-turns@example.com');
    const { journal, innerAfterATurn } = settlingInsideWrite(memoryJournal(), (key, journal) =>
      client.journal.settle(key, { charged: 'no', reason: 'audit hook', journal }),
    );
    const keyed = { ...order, key: 'frozen-turns', journal };
    await checkoutAnswerLost(simulator, client, keyed); // loads the journal's code: the table made
    Object.freeze((globalThis as Record<symbol, unknown>)[Symbol.for('seatpay.decisionTurns')]);
    const outer = client.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice', journal });
    await expect(outer).resolves.toMatchObject({ settled: { charged: 'yes' } });
    expect(await innerAfterATurn()).toBeInstanceOf(InvalidRequestError);
    expect((await journal.get(keyed.key))?.settled?.charged).toBe('yes');
  });
});
