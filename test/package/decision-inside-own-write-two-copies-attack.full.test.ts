// A settle started inside the journal's own write of the key, for a settle of it, is refused at
// once (decision-inside-own-write.test.ts): it would wait for the outer one, which waits for it.
// The turns are shared by every copy of seatpay in the process (its CommonJS and ESM builds, a
// dependency's own copy: decisions-two-copies-attack.full.test.ts), but the mark of the journal
// call under way was each copy's own: a hook settling the key through the other copy (an audit
// library with seatpay of its own, its journal code loaded) was not refused, and both settles
// hung for ever; so did they once the shared table was frozen (redteam28: each copy then kept its
// mark of its own). The test loads the build (dist/, made by the full suite's setup) both ways, as
// a user's process does.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { settlingInsideWrite } from '../support/settle-inside-write.js';
import { inMemorySubscriber } from '../support/team-owner.js';

type Main = typeof import('../../src/index.js');

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * An app's settle through the ESM copy whose journal's write settles the key through the CJS copy
 * (an audit hook); `freeze`: the shared turns table frozen once both copies made and found it.
 */
async function settleWithHookThroughOtherCopy(freeze: boolean) {
  const cjs = require(join(dist, 'index.cjs')) as Main;
  const esm = (await import(join(dist, 'index.js'))) as Main;
  expect(cjs.createClient).not.toBe(esm.createClient); // two copies indeed
  const { simulator, token, client, order } = await inMemorySubscriber(
    'two-copies-hook@example.com',
  );
  const through = (main: Main) =>
    main.createClient({
      baseUrl: 'http://simulator.test',
      token,
      maxRetries: 0,
      logLevel: 'off',
      fetch: (input, init) => simulator.handle(new Request(input, init)),
    });
  const [app, audit] = [through(esm), through(cjs)];
  const store = memoryJournal();
  // The audit library's journal code loaded (it listed before, or `client.preload()`): a
  // decision whose code is still to load starts after that load, as one after an `await`.
  await audit.journal.list({ journal: store });
  await app.journal.list({ journal: store });
  // SES's harden(globalThis) after both loaded: the marks were then each copy's own.
  if (freeze)
    Object.freeze((globalThis as Record<symbol, object>)[Symbol.for('seatpay.decisionTurns')]!);
  // The audit library's hook, through its own copy of seatpay.
  const { journal, innerAfterATurn } = settlingInsideWrite(store, (key, journal) =>
    audit.journal.settle(key, { charged: 'no', reason: 'audit hook', journal }),
  );
  const keyed = { ...order, key: 'two-copies-hook', journal };
  await checkoutAnswerLost(simulator, client, keyed);
  const outer = app.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice 8', journal });
  // Given a turn of the event loop: settled by then, never left waiting on the outer one.
  const state = await innerAfterATurn();
  expect(state).toBeInstanceOf(cjs.InvalidRequestError);
  expect((state as Error).message).toMatch(/after that call returns/);
  await expect(outer).resolves.toMatchObject({ settled: { charged: 'yes' } });
  expect((await store.get(keyed.key))?.settled?.charged).toBe('yes');
}

describe('a settle inside the journal write of another copy of seatpay', () => {
  it('is refused at once with InvalidRequestError; the outer settle lands', async () => {
    await settleWithHookThroughOtherCopy(false);
  });

  // Last: the table stays frozen for the rest of this file's process (redteam28: both settles
  // hung for ever, the inner one "still waiting").
  it('the shared table frozen: still refused at once; the outer settle lands', async () => {
    await settleWithHookThroughOtherCopy(true);
  });
});
