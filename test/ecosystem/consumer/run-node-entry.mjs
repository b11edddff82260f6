/* global process, Deno, console */
// seatpay/node in Node, Bun and Deno: an upload from a file path, and a purchase recorded in a
// file journal, run twice with the same key (the second run must not charge again).
import { createClient } from 'seatpay';
import { fileJournal, fromPath } from 'seatpay/node';

const args = globalThis.Deno ? Deno.args : process.argv.slice(2);
const config = JSON.parse(args.at(-1));
const client = createClient({ baseUrl: config.baseUrl, token: config.token, logLevel: 'off' });
const file = await fromPath(config.filePath);
const stored = await client.media.upload(file, { operation_type: 'test-small' });
const purchase = () =>
  client.purchase({
    plan: 'personal',
    card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' },
    chosen_period: 'MONTH',
    pollInterval: 20,
    key: 'ecosystem-purchase',
    journal: fileJournal(config.journalPath),
  });
const first = await purchase();
const again = await purchase();
console.log(
  JSON.stringify({
    resolved: import.meta.resolve('seatpay/node'),
    file: { name: file.name, size: file.size, fileId: stored.id },
    subscriptions: [first.subscription.id, again.subscription.id],
  }),
);
