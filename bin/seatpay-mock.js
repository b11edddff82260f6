#!/usr/bin/env node
/* global process, console */
// Runs the seatpay simulator on loopback: `seatpay-mock [--port 4010] [--host 127.0.0.1]`.
import { startMockServer } from '../dist/mock.js';

function option(name, fallback) {
  const args = process.argv.slice(2);
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
}

const port = Number(option('port', '4010'));
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`seatpay-mock: --port must be an integer from 0 to 65535`);
  process.exit(2);
}

const server = await startMockServer({
  port,
  host: option('host', '127.0.0.1'),
  profile: option('profile', 'spec'),
});
const { owner, member } = server.simulator.users;
console.log(`seatpay mock listening on ${server.url}`);
console.log(`  owner  ${owner.email}  token ${owner.token}`);
console.log(`  member ${member.email}  token ${member.token}`);
console.log(`  plans  ${Object.keys(server.simulator.catalog).join(', ')}`);
console.log('Press Ctrl+C to stop.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
