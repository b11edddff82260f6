// Per-call benchmark: `plans.get()` and `subscriptions.list()` against raw fetch() + JSON.parse to
// the same loopback server, sequential and 32 concurrent, in the same run.
//
//   npx tsx bench/per-call.ts [--rounds 21] [--calls 300]      # same as: npm run bench:per-call
//
// The bodies are what the simulator answers (a plan with its service items, a one-subscription
// listing), replayed byte for byte by a bare node:http server in its own process. The client runs
// as plain Node from an esbuild bundle of the built package (dist/), not under tsx. Prints a
// markdown table for BENCHMARKS.md and checks the target (<= 1.05x).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { createClient } from '../src/index.js';
import { startMockServer } from '../src/mock/index.js';
import { bundleForNode, startHelperProcess } from './support.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '21' },
    calls: { type: 'string', default: '300' },
  },
});
const TARGET = 1.05;

/** The bodies, as the simulator answers them after one purchase. */
async function cannedBodies(): Promise<{ bodies: Record<string, string>; planSlug: string }> {
  const mock = await startMockServer();
  try {
    const token = mock.simulator.users.owner.token;
    const client = createClient({ baseUrl: mock.url, token, logLevel: 'off' });
    const planSlug = 'team-per-seat';
    await client.purchase({
      plan: planSlug,
      team_seats: 3,
      chosen_period: 'MONTH',
      pollInterval: 10,
      card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' },
    });
    const get = async (path: string) =>
      (await fetch(mock.url + path, { headers: { authorization: `Bearer ${token}` } })).text();
    const bodies = {
      [`/v1/payments/plan/${planSlug}`]: await get(`/v1/payments/plan/${planSlug}`),
      '/v1/payments/me/subscription': await get('/v1/payments/me/subscription'),
    };
    return { bodies, planSlug };
  } finally {
    await mock.close();
  }
}

const ratio = (seatpay: number, raw: number) => seatpay / raw;
const fmt = (x: number) => x.toFixed(2);

const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-'));
try {
  const { bodies, planSlug } = await cannedBodies();
  const bodiesFile = join(dir, 'bodies.json');
  await writeFile(bodiesFile, JSON.stringify(bodies));
  const [serverScript, clientScript] = [
    await bundleForNode(dir, 'per-call-server'),
    await bundleForNode(dir, 'per-call-client'),
  ];
  await stopEsbuild();
  const server = await startHelperProcess(serverScript, [bodiesFile]);
  let out: string;
  try {
    ({ stdout: out } = await promisify(execFile)(process.execPath, [
      clientScript,
      server.url,
      planSlug,
      values.rounds,
      values.calls,
    ]));
  } finally {
    server.stop();
  }
  type PerCall = { wall: number; cpu: number };
  const m = JSON.parse(out) as Record<string, { sequential: PerCall; concurrent: PerCall }>;
  const pairs = [
    ['plans.get()', m['seatpay plans.get']!, m['raw plan']!],
    ['subscriptions.list()', m['seatpay subscriptions.list']!, m['raw subscriptions']!],
    // Not seatpay: a raw fetch with a timeout, to show what the timeout alone costs.
    ['(raw fetch with a timeout, GET plan)', m['raw plan + timeout']!, m['raw plan']!],
  ] as const;
  console.log(
    `Node ${process.version}, ${values.rounds} rounds of ${values.calls} calls, medians\n`,
  );
  console.log(
    '| call | mode | raw fetch + JSON.parse µs/call | seatpay µs/call | ratio | target | client CPU µs/call, raw → seatpay | CPU ratio |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  let missed = 0;
  for (const [name, seatpay, raw] of pairs) {
    for (const mode of ['sequential', 'concurrent'] as const) {
      const r = ratio(seatpay[mode].wall, raw[mode].wall);
      if (r > TARGET && !name.startsWith('(')) missed++;
      const label = mode === 'concurrent' ? '32 concurrent' : 'sequential';
      const cpu = `${raw[mode].cpu.toFixed(0)} → ${seatpay[mode].cpu.toFixed(0)}`;
      console.log(
        `| ${name} | ${label} | ${raw[mode].wall.toFixed(0)} | ${seatpay[mode].wall.toFixed(0)} | ${fmt(r)} | ${r <= TARGET ? 'met' : '**missed**'} | ${cpu} | ${fmt(ratio(seatpay[mode].cpu, raw[mode].cpu))} |`,
      );
    }
  }
  process.exitCode = missed ? 1 : 0;
} finally {
  await rm(dir, { recursive: true, force: true });
}
