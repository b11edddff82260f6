// Decides an unknown key from a process of its own, as an operator's second terminal or a
// reconcile job of another machine does: `reconcile` (asks the service) or `settle` (charged: no).
// Prints the outcome as JSON ({ charged } or { error: name }).
//   node --import tsx decision-maker.ts
// From the environment: DECIDE (reconcile | settle), DECIDE_KEY, DECIDE_URL, DECIDE_TOKEN, and the
// journal: DECIDE_JOURNAL_FILE (a fileJournal), else DECIDE_DATABASE_URL and DECIDE_TABLE.
import { createClient } from '../../../src/index.js';
import { fileJournal } from '../../../src/node.js';
import { postgresJournal } from '../../../src/postgres.js';

const env = process.env;
const journal = env.DECIDE_JOURNAL_FILE
  ? fileJournal(env.DECIDE_JOURNAL_FILE)
  : postgresJournal(env.DECIDE_DATABASE_URL!, { table: env.DECIDE_TABLE! });
const client = createClient({
  baseUrl: env.DECIDE_URL!,
  token: env.DECIDE_TOKEN!,
  logLevel: 'off',
});
const key = env.DECIDE_KEY!;
try {
  const decided =
    env.DECIDE === 'reconcile'
      ? await client.journal.reconcile(key, { journal })
      : await client.journal.settle(key, {
          journal,
          charged: 'no',
          reason: 'not on the statement',
        });
  console.log(JSON.stringify({ charged: decided.charged }));
} catch (error) {
  console.log(JSON.stringify({ error: (error as Error).name }));
} finally {
  await journal.close();
}
