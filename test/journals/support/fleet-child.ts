// One process of a fleet sharing one PostgreSQL journal: runs keyed checkouts and purchases
// against one simulator with a few concurrent workers. Secrets come from the environment
// (SEATPAY_TOKEN, FLEET_DATABASE_URL), never argv.
//   node --import tsx fleet-child.ts <baseUrl> <table> <subscription> <workers> <waitMs> <keys>
// <keys> is a comma-separated list of `c<n>` (a checkout of n+1 units: each key its own order)
// and `p<n>` (a purchase of the personal plan). Prints `start <key>` before each call and
// `end <key> <ok|ErrorName>` after it; `exit` once every key ran.
import { createClient, type PurchaseError } from '../../../src/index.js';
import { fileJournal } from '../../../src/node.js';
import { postgresJournal } from '../../../src/postgres.js';

const [baseUrl = '', table = '', subscription = '0', workers = '4', waitMs = '3000', list = ''] =
  process.argv.slice(2);
const client = createClient({
  baseUrl,
  token: process.env.SEATPAY_TOKEN!,
  logLevel: 'off',
  retryBaseDelay: 1,
  ...(process.env.FLEET_TIMEOUT ? { timeout: Number(process.env.FLEET_TIMEOUT) } : {}),
});
// FLEET_TIMEOUT: the client's per-attempt timeout (a loaded machine's timeouts, at will);
// FLEET_LEASE_MS: the journal's lease; FLEET_JOURNAL_FILE: a fileJournal there instead.
const lease = process.env.FLEET_LEASE_MS ? { lease: Number(process.env.FLEET_LEASE_MS) } : {};
const file = process.env.FLEET_JOURNAL_FILE;
const journal = file
  ? Object.assign(fileJournal(file, lease), { close: async () => undefined })
  : postgresJournal(process.env.FLEET_DATABASE_URL!, { table, ...lease });
const keys = list.split(',').filter(Boolean);

async function run(key: string): Promise<void> {
  const n = Number(key.slice(1));
  if (key.startsWith('c')) {
    const order = { service: 'ai-credits', how_many: n + 1, subscription: Number(subscription) };
    await client.consumables.checkout({ ...order, key, journal });
    return;
  }
  await client.purchase({
    plan: 'personal',
    card: { card_number: '4242424242424242', cvc: '123' },
    chosen_period: 'MONTH',
    key,
    journal,
    pollInterval: 10,
    waitTimeout: Number(waitMs),
  });
}

async function worker(): Promise<void> {
  for (let key = keys.shift(); key !== undefined; key = keys.shift()) {
    console.log(`start ${key}`);
    const outcome = await run(key).then(
      () => 'ok',
      (error: unknown) => {
        const name = (error as Error).name;
        const { charged, cause } = error as Partial<PurchaseError>;
        if (charged === undefined) return name;
        // A purchase says what stopped it too (KeyInProgressError, UnsettledKeyError ...).
        const why = (cause as Error | undefined)?.name;
        return why === undefined ? `${name}:${charged}` : `${name}:${charged}:${why}`;
      },
    );
    console.log(`end ${key} ${outcome}`);
  }
}

await Promise.all(Array.from({ length: Number(workers) }, worker));
await journal.close();
console.log('exit');
