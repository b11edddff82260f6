/* global process, Deno, console */
// Node, Bun and Deno: `seatpay` as their resolver picks it (each matches the `node` condition,
// so `#platform` is the Node one), the shared flow, one JSON line out. The config comes as the last argument, not the
// environment: Deno runs this with network permission only.
import { createRequire } from 'node:module';
import * as seatpay from 'seatpay';
import { runFlow } from './flow.mjs';

const args = globalThis.Deno ? Deno.args : process.argv.slice(2);
const config = JSON.parse(args.at(-1));
const result = await runFlow(seatpay, config);
// Which platform module seatpay's `#platform` import picks here (the `node` condition or not).
const platform = createRequire(import.meta.resolve('seatpay')).resolve('#platform');
console.log(JSON.stringify({ resolved: import.meta.resolve('seatpay'), platform, ...result }));
