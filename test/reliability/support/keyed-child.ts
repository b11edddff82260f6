// A script that makes one keyed money call with a file journal, run as its own Node process by
// keyed-crash.full.test.ts, which kills it (SIGKILL) at a chosen point and runs it again.
// Usage: node keyed-child.mjs <purchase|checkout> <baseUrl> <token> <journal> <key> <subscription> <hold>
// Prints `claimed <true|false>` once the journal claim settled (and, with hold 'claim', then
// waits forever: the test kills it there), `result <json>` or `error <json>` (with hold 'result',
// then waits forever too: killed once its call resolved, the journal never closed).
import { createClient, type PurchaseJournal } from '../../../src/index.js';
import { fileJournal } from '../../../src/node.js';
import { TEAM_PURCHASE } from './team-purchase.js';

const [mode, baseUrl = '', token = '', path = '', key = '', subscription = '0', hold = 'none'] =
  process.argv.slice(2);
const client = createClient({ baseUrl, token, logLevel: 'off', retryBaseDelay: 1 });
const file = fileJournal(path);
const journal: PurchaseJournal = {
  get: (k, options) => file.get(k, options),
  set: (k, record, options) => file.set(k, record, options),
  claim: async (k, record, options) => {
    const won = await file.claim!(k, record, options);
    console.log(`claimed ${won}`);
    if (hold === 'claim') {
      setInterval(() => undefined, 1 << 30); // keeps the process alive until it is killed
      await new Promise(() => undefined);
    }
    return won;
  },
};

try {
  if (mode === 'purchase') {
    const result = await client.purchase({
      ...TEAM_PURCHASE,
      key,
      journal,
      pollInterval: 20,
      waitTimeout: 1_500,
    });
    console.log(`result ${JSON.stringify({ id: result.subscription.id })}`);
  } else {
    const result = await client.consumables.checkout({
      service: 'ai-credits',
      how_many: 3,
      subscription: Number(subscription),
      key,
      journal,
    });
    console.log(`result ${JSON.stringify({ id: result.id })}`);
  }
  if (hold === 'result') {
    setInterval(() => undefined, 1 << 30); // keeps the process alive until it is killed
    await new Promise(() => undefined);
  }
} catch (error) {
  console.log(`error ${JSON.stringify({ ...(error as object), name: (error as Error).name })}`);
  process.exitCode = 1;
}
