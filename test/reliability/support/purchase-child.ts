// A script that buys with a file journal, run as its own Node process by purchase-crash.full.test.ts:
// the test kills it (SIGKILL) at a chosen step, then runs it again with the same key.
// Usage: node purchase-child.mjs <baseUrl> <token> <journal path> <key>
// Prints `step <name>` as each step ends, then `result <json>` or `error <json>`.
import { createClient } from '../../../src/index.js';
import { fileJournal } from '../../../src/node.js';
import { TEAM_PURCHASE } from './team-purchase.js';

const [baseUrl = '', token = '', journalPath = '', key = ''] = process.argv.slice(2);
const client = createClient({ baseUrl, token, logLevel: 'off', retryBaseDelay: 1 });
try {
  const result = await client.purchase({
    ...TEAM_PURCHASE,
    key,
    journal: fileJournal(journalPath),
    pollInterval: 20,
    waitTimeout: 15_000,
    onStep: ({ step }) => console.log(`step ${step}`),
  });
  const summary = { subscription: result.subscription.id, bag: result.bag.id };
  console.log(`result ${JSON.stringify(summary)}`);
} catch (error) {
  console.log(`error ${JSON.stringify(error)}`);
  process.exitCode = 1;
}
