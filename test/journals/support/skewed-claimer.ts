// One process of a fleet whose clock disagrees with the others': `Date.now()` (which seatpay reads
// for the time) is moved by <skewMs>, as on a machine whose clock runs ahead or behind. Runs one
// keyed checkout on a PostgreSQL journal and prints `end <ok|ErrorName> <result id>`. Secrets come
// from the environment (SEATPAY_TOKEN, CLAIMER_DATABASE_URL), never argv.
//   node --import tsx skewed-claimer.ts <baseUrl> <table> <subscription> <key> <skewMs> <leaseMs>
import { createClient } from '../../../src/index.js';
import { postgresJournal } from '../../../src/postgres.js';

const [baseUrl = '', table = '', subscription = '0', key = '', skewMs = '0', leaseMs = ''] =
  process.argv.slice(2);
const trueNow = Date.now.bind(Date);
Date.now = () => trueNow() + Number(skewMs);

const client = createClient({ baseUrl, token: process.env.SEATPAY_TOKEN!, logLevel: 'off' });
const journal = postgresJournal(process.env.CLAIMER_DATABASE_URL!, {
  table,
  lease: Number(leaseMs),
});
const order = { service: 'ai-credits', how_many: 2, subscription: Number(subscription) };
const outcome = await client.consumables.checkout({ ...order, key, journal }).then(
  (result) => `ok ${result.id}`,
  (error: unknown) => (error as Error).name,
);
console.log(`end ${outcome}`);
await journal.close();
