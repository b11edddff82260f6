/* global process, Deno, console */
// Node, Bun and Deno: `seatpay` as their resolver picks it (each matches the `node` export
// condition), the shared flow, one JSON line out. The config comes as the last argument, not the
// environment: Deno runs this with network permission only.
import * as seatpay from 'seatpay';
import { runFlow } from './flow.mjs';

const args = globalThis.Deno ? Deno.args : process.argv.slice(2);
const config = JSON.parse(args.at(-1));
const result = await runFlow(seatpay, config);
console.log(JSON.stringify({ resolved: import.meta.resolve('seatpay'), ...result }));
