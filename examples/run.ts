/**
 * `npm run example -- <name>` runs examples/<name>.ts. With SEATPAY_BASE_URL and SEATPAY_TOKEN
 * set, it runs against that server, unchanged. Without them, it starts the built-in simulator on
 * loopback (subscriptions appear 300 ms after paying), runs the example against it with the
 * simulator's URL and tokens in those variables, and stops it.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '../src/mock/index.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
/** Not examples of their own: this runner, and the demo (`npm run demo`). */
const NOT_EXAMPLES = new Set(['run', 'demo']);
const names = readdirSync(HERE)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .filter((name) => !NOT_EXAMPLES.has(name))
  .sort();

/** Runs one example in its own Node process (through tsx), with `env`; resolves its exit code. */
function runExample(name: string, env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${HERE}${name}.ts`], {
    env,
    stdio: 'inherit',
  });
  return new Promise((done) =>
    child.once('close', (code, signal) => done(code ?? (signal ? 1 : 0))),
  );
}

async function againstSimulator(name: string): Promise<number> {
  const server = await startMockServer({
    port: 0,
    subscriptionDelayMs: 300,
    mediaProcessingDelayMs: 100,
  });
  const { owner, member } = server.simulator.users;
  console.log(`example ${name}: against the simulator on ${server.url}\n`);
  try {
    return await runExample(name, {
      ...process.env,
      SEATPAY_BASE_URL: server.url,
      SEATPAY_TOKEN: owner.token,
      SEATPAY_MEMBER_TOKEN: member.token,
      SEATPAY_MEMBER_EMAIL: member.email,
    });
  } finally {
    await server.close();
  }
}

const name = process.argv[2];
if (!name || !names.includes(name)) {
  console.error(`usage: npm run example -- <name>, one of: ${names.join(', ')}`);
  process.exitCode = 2;
} else if (process.env.SEATPAY_BASE_URL && process.env.SEATPAY_TOKEN) {
  console.log(`example ${name}: against ${process.env.SEATPAY_BASE_URL}\n`);
  process.exitCode = await runExample(name, process.env);
} else {
  process.exitCode = await againstSimulator(name);
}
