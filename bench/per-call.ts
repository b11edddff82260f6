// Per-call benchmark: `plans.get()`, `subscriptions.list()` and `checking.preview()` against raw fetch() + JSON.parse,
// raw fetch with the same timeout, and bare ky with the same options as seatpay's ky instance, to
// the same loopback servers (one answering at once, one after 1 ms), sequential and 32 concurrent,
// all in the same run.
//
//   npx tsx bench/per-call.ts [--rounds 11] [--calls 300]      # same as: npm run bench:per-call
//   npx tsx bench/per-call.ts --goal-only --rounds 41           # 1 ms, sequential, only
//   ... --before <other build>/dist/index.js                     # and another build, side by side
//
// `--goal-only` measures what the 1.10x goal judges and nothing else (raw fetch, raw fetch with a
// timeout, bare ky and seatpay, 1 ms, sequential): the same time buys 4x the rounds of it, and the
// table adds the middle half of the rounds' ratios (their interquartile range), and bare ky against
// raw fetch in the same rounds: the part of the distance to raw fetch that is ky's own, not seatpay's.
//
// The bodies are what the simulator answers (a plan with its service items, a one-subscription
// listing), replayed byte for byte by bare node:http servers in processes of their own. The client
// runs as plain Node from an esbuild bundle of the built package (dist/), not under tsx. Each ratio
// is taken round by round between subjects of the same round (the order flips every round), and
// the table gives its median [min-max]. Prints a markdown table for BENCHMARKS.md and checks the
// two goals of issue 19: seatpay's own work on top of bare ky <= 1.05x (client CPU), and at 1 ms
// server latency sequential <= 1.10x raw fetch (wall). The money call checking.preview() (a POST)
// is also measured against raw fetch given seatpay's fetch options, and bare ky against ky with
// the one-line body-cancel change (bench/ky-no-cancel.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { createClient } from '../src/index.js';
import { startMockServer } from '../src/mock/index.js';
import { bundleForNode, startHelperProcess } from './support.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '11' },
    calls: { type: 'string', default: '300' },
    'goal-only': { type: 'boolean', default: false },
    before: { type: 'string' },
  },
});
const OWN_WORK_GOAL = 1.05;
const LATE_SEQUENTIAL_GOAL = 1.1;

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
    const plan = await client.plans.get(planSlug);
    const preview = client.checking.preview({ plans: [plan.id!], team_seats: 3 });
    const bodies = {
      [`/v1/payments/plan/${planSlug}`]: await get(`/v1/payments/plan/${planSlug}`),
      '/v1/payments/me/subscription': await get('/v1/payments/me/subscription'),
      '/v1/payments/checking': await (await preview.asResponse()).text(),
    };
    return { bodies, planSlug };
  } finally {
    await mock.close();
  }
}

type PerCall = { wall: number; cpu: number };
type Samples = Record<string, PerCall[]>;

/** Median [min-max] of `subject / baseline`, round by round, on `field`. */
function ratioOf(
  samples: Samples,
  key: string,
  subject: string,
  baseline: string,
  field: keyof PerCall,
) {
  const a = samples[`${key}|${subject}`]!;
  const b = samples[`${key}|${baseline}`]!;
  const ratios = a.map((run, i) => run[field] / b[i]![field]).sort((x, y) => x - y);
  return { median: ratios[Math.floor(ratios.length / 2)]!, min: ratios[0]!, max: ratios.at(-1)! };
}
/** The ratios' middle half, round by round: [first quartile-third quartile]. */
function quartiles(samples: Samples, key: string, subject: string, baseline: string) {
  const a = samples[`${key}|${subject}`]!;
  const b = samples[`${key}|${baseline}`]!;
  const ratios = a.map((run, i) => run.wall / b[i]!.wall).sort((x, y) => x - y);
  const at = (q: number) => ratios[Math.round(q * (ratios.length - 1))]!.toFixed(2);
  return `${at(0.25)}-${at(0.75)}`;
}

/** `--goal-only`: the 1.10x goal's figures, with the middle half of each ratio. */
function printGoal(samples: Samples): number {
  console.log(
    `| call | µs/call wall: raw → seatpay | vs raw: median [min-max] | vs raw: middle half | vs raw + timeout | vs bare ky (middle half) | bare ky vs raw (middle half) | client CPU vs raw |${values.before ? ' before: vs raw | before: middle half |' : ''}`,
  );
  console.log(
    `| --- | --- | --- | --- | --- | --- | --- | --- |${values.before ? ' --- | --- |' : ''}`,
  );
  let missed = 0;
  const key = '1 ms|sequential';
  for (const [call, path] of [
    ['plans.get()', 'plan'],
    ['subscriptions.list()', 'subscriptions'],
    ['checking.preview()', 'checking'],
  ] as const) {
    const r = (base: string, field: keyof PerCall = 'wall') =>
      ratioOf(samples, key, `${path} seatpay`, `${path} ${base}`, field);
    const vsRaw = r('raw');
    if (vsRaw.median > LATE_SEQUENTIAL_GOAL) missed++;
    const wall = (name: string) => med(samples[`${key}|${path} ${name}`]!, 'wall').toFixed(0);
    console.log(
      `| ${call} | ${wall('raw')} → ${wall('seatpay')} | ${fmt(vsRaw)} | ${quartiles(samples, key, `${path} seatpay`, `${path} raw`)} | ${fmt(r('raw + timeout'))} | ${fmt(r('ky'))} (${quartiles(samples, key, `${path} seatpay`, `${path} ky`)}) | ${fmt(ratioOf(samples, key, `${path} ky`, `${path} raw`, 'wall'))} (${quartiles(samples, key, `${path} ky`, `${path} raw`)}) | ${fmt(r('raw', 'cpu'))} |${values.before ? ` ${fmt(ratioOf(samples, key, `${path} before`, `${path} raw`, 'wall'))} | ${quartiles(samples, key, `${path} before`, `${path} raw`)} |` : ''}`,
    );
  }
  console.log(
    `\nRaw fetch with a timeout vs raw fetch, plan: ${fmt(ratioOf(samples, key, 'plan raw + timeout', 'plan raw', 'wall'))} wall`,
  );
  return missed;
}

const fmt = ({ median, min, max }: { median: number; min: number; max: number }) =>
  `${median.toFixed(2)} [${min.toFixed(2)}-${max.toFixed(2)}]`;
const med = (runs: PerCall[], field: keyof PerCall) =>
  [...runs.map((r) => r[field])].sort((x, y) => x - y)[Math.floor(runs.length / 2)]!;

function printTable(samples: Samples): number {
  console.log(
    '| call | server | mode | µs/call wall: raw → seatpay | vs raw | vs raw + timeout | vs bare ky | client CPU µs/call: raw → ky → seatpay | CPU vs raw | CPU vs bare ky |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  let missed = 0;
  for (const [call, path] of [
    ['plans.get()', 'plan'],
    ['subscriptions.list()', 'subscriptions'],
    ['checking.preview()', 'checking'],
  ] as const) {
    for (const latency of ['0 ms', '1 ms'])
      for (const mode of ['sequential', 'concurrent']) {
        const key = `${latency}|${mode}`;
        const runs = (name: string) => samples[`${key}|${path} ${name}`]!;
        const r = (base: string, field: keyof PerCall) =>
          ratioOf(samples, key, `${path} seatpay`, `${path} ${base}`, field);
        const own = r('ky', 'cpu');
        const vsRaw = r('raw', 'wall');
        if (own.median > OWN_WORK_GOAL) missed++;
        if (latency === '1 ms' && mode === 'sequential' && vsRaw.median > LATE_SEQUENTIAL_GOAL)
          missed++;
        const cpu = ['raw', 'ky', 'seatpay'].map((n) => med(runs(n), 'cpu').toFixed(0)).join(' → ');
        console.log(
          `| ${call} | ${latency} | ${mode === 'concurrent' ? '32 concurrent' : 'sequential'} | ${med(runs('raw'), 'wall').toFixed(0)} → ${med(runs('seatpay'), 'wall').toFixed(0)} | ${fmt(vsRaw)} | ${fmt(r('raw + timeout', 'wall'))} | ${fmt(r('ky', 'wall'))} | ${cpu} | ${fmt(r('raw', 'cpu'))} | ${fmt(own)} |`,
        );
      }
  }
  console.log('\nThe POST floors and the ky body-cancel change (checking.preview):\n');
  for (const latency of ['0 ms', '1 ms'])
    for (const mode of ['sequential', 'concurrent']) {
      const key = `${latency}|${mode}`;
      const r = (a: string, b: string, field: keyof PerCall) =>
        fmt(ratioOf(samples, key, `checking ${a}`, `checking ${b}`, field));
      console.log(
        `- ${latency}, ${mode}: seatpay vs raw with no-clone options ${r('seatpay', 'raw, no clone', 'wall')} wall; ky without the body cancel vs ky ${r('ky without the body cancel', 'ky', 'cpu')} CPU, ${r('ky without the body cancel', 'ky', 'wall')} wall`,
      );
    }
  console.log('\nThe timeout floor (raw fetch with a timeout vs raw fetch, wall):\n');
  for (const latency of ['0 ms', '1 ms'])
    for (const mode of ['sequential', 'concurrent'])
      console.log(
        `- ${latency}, ${mode}: ${fmt(ratioOf(samples, `${latency}|${mode}`, 'plan raw + timeout', 'plan raw', 'wall'))}`,
      );
  return missed;
}

const loadAtStart = loadavg();
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
  const atOnce = await startHelperProcess(serverScript, [bodiesFile, '0']);
  const late = await startHelperProcess(serverScript, [bodiesFile, '1']);
  let out: string;
  try {
    ({ stdout: out } = await promisify(execFile)(
      process.execPath,
      [
        clientScript,
        ...[atOnce.url, late.url, planSlug, values.rounds, values.calls],
        values['goal-only'] ? 'goal' : 'all',
        ...(values.before ? [values.before] : []),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    ));
  } finally {
    atOnce.stop();
    late.stop();
  }
  const { samples, loadAtEnd } = JSON.parse(out) as { samples: Samples; loadAtEnd: number[] };
  const load = (figures: number[]) => figures.map((x) => x.toFixed(1)).join(' ');
  console.log(
    `Node ${process.version}, ${values.rounds} rounds of ${values.calls} calls, load average ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end\n`,
  );
  process.exitCode = (values['goal-only'] ? printGoal(samples) : printTable(samples)) ? 1 : 0;
} finally {
  await rm(dir, { recursive: true, force: true });
}
