// One process of file-journal-open.full.test.ts: it makes a fileJournal on a path no process has
// opened yet, prints `ready`, waits for the parent's `go` line (all its siblings get theirs at the
// same moment), then claims the key and reads it back.
// Usage: node journal-open-child.mjs <journal path> <key>
// Prints `result {"won":…,"holder":…}` or `error {"name":…,"message":…}`.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileJournal } from '../../../src/node.js';
import type { PurchaseRecord } from '../../../src/index.js';

const [path = '', key = ''] = process.argv.slice(2);
const journal = fileJournal(path);
const mine = {
  stage: 'paying',
  charged: 'unknown',
  plan: { id: 1, slug: 'personal' },
  preview: {},
  bag: { id: process.pid, token: 'bag-token' },
  exclude: [],
  updatedAt: new Date().toISOString(),
} as unknown as PurchaseRecord;

const lines = createInterface({ input: process.stdin });
console.log('ready');
await once(lines, 'line');
lines.close();
try {
  const won = await journal.claim!(key, mine);
  const held = (await journal.get(key)) as PurchaseRecord | undefined;
  console.log(`result ${JSON.stringify({ won, holder: held?.bag.id })}`);
} catch (error) {
  const { name, message } = error as Error;
  console.log(`error ${JSON.stringify({ name, message })}`);
  process.exitCode = 1;
} finally {
  journal.close();
}
