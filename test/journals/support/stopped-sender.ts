// One worker of a fleet whose token provider (a vault, a refresh) is asked for the money request's
// token after the key was claimed: the test stops the process (SIGSTOP) there. Runs one keyed
// checkout (or a purchase) on a PostgreSQL journal or a fileJournal (STOPPED_JOURNAL_FILE), prints
// `token?` when that token is asked for (answered by a line on stdin), then `end <ok|ErrorName>`.
// Secrets come from the environment (SEATPAY_TOKEN, STOPPED_DATABASE_URL), never argv.
//   node --import tsx stopped-sender.ts <baseUrl> <table> <subscription> <key> <leaseMs> [purchase]
import { createInterface } from 'node:readline';
import { createClient } from '../../../src/index.js';
import { fileJournal } from '../../../src/node.js';
import { postgresJournal } from '../../../src/postgres.js';

const [baseUrl = '', table = '', subscription = '0', key = '', leaseMs = '', kind = ''] =
  process.argv.slice(2);
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const lease = { lease: Number(leaseMs) };
const file = process.env.STOPPED_JOURNAL_FILE;
const journal = file
  ? fileJournal(file, lease)
  : postgresJournal(process.env.STOPPED_DATABASE_URL!, { table, ...lease });
let asked = false;
const token = async (): Promise<string> => {
  // The first request after the key was claimed (its record written): the money call's own.
  if (!asked && (await journal.get(key)) !== undefined) {
    asked = true;
    console.log('token?');
    await lines.next();
  }
  return process.env.SEATPAY_TOKEN!;
};
const client = createClient({ baseUrl, token, logLevel: 'off' });
const order = { service: 'ai-credits', how_many: 7, subscription: Number(subscription) };
const card = { card_number: '4242424242424242', cvc: '123' };
const run = () =>
  kind === 'purchase'
    ? client.purchase({ plan: 'personal', card, chosen_period: 'MONTH', key, journal })
    : client.consumables.checkout({ ...order, key, journal });
const outcome = await run().then(
  () => 'ok',
  (error: unknown) => (error as Error).name,
);
console.log(`end ${outcome}`);
await journal.close();
process.exit(0);
