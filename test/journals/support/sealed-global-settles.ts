// Run as a child process (decisions-sealed-global-attack.full.test.ts): nothing preloads
// `client.journal`'s code here, as in a user's process. A keyed checkout whose answer was lost,
// then the global object sealed (SES-style hardening), then two opposite settles at once.
import { memoryJournal } from '../../../src/index.js';
import { checkoutAnswerLost } from '../../support/lost-answer.js';
import { inMemorySubscriber } from '../../support/team-owner.js';

const { simulator, client, order, charges } = await inMemorySubscriber('sealed@example.com');
const journal = memoryJournal();
const keyed = { ...order, key: 'lost-answer', journal };
await checkoutAnswerLost(simulator, client, keyed);
Object.preventExtensions(globalThis);
const decisions = await Promise.allSettled([
  client.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice 7', journal }),
  client.journal.settle(keyed.key, { charged: 'no', reason: 'no invoice', journal }),
]);
const again = await client.consumables.checkout(keyed).then(
  () => 'paid again',
  (error: unknown) => (error as Error).name,
);
console.log(
  JSON.stringify({
    decisions: decisions.map((d) =>
      d.status === 'fulfilled' ? 'settled' : (d.reason as Error).name,
    ),
    settled: (await journal.get(keyed.key))?.settled?.charged,
    again,
    charges: charges(),
  }),
);
