// seatpay's own work per call on top of bare ky, without a network: every subject gets the same
// `fetch` that answers at once from memory with the bytes the simulator sends, so client CPU is
// all that is measured (loopback timings on a shared machine are too noisy to see ~10 %).
//
//   npx tsx bench/per-call-inproc.ts [--rounds 15] [--calls 3000]
//
// Subjects: the in-memory fetch + JSON.parse alone; bare ky with the same options as seatpay's ky
// instance (src/core/request.ts); seatpay's plans.get() and subscriptions.list() from the built
// package (dist/), with validation on (the default) and off. Interleaved, the order flipping every
// round, two warm-up rounds thrown away; the ratio to bare ky is taken round by round, and the
// table gives its median [min-max].
import { parseArgs } from 'node:util';
import ky from 'ky';
import { createClient } from '../dist/index.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    calls: { type: 'string', default: '3000' },
  },
});
const rounds = Number(values.rounds);
const calls = Number(values.calls);
const GOAL = 1.1;

// What the simulator answers (bench/per-call.ts replays the same shapes over loopback).
const BODIES: Record<string, string> = {
  '/v1/payments/plan/team-per-seat': JSON.stringify({
    id: 12,
    slug: 'team-per-seat',
    title: 'Team per seat',
    status: 'ACTIVE',
    consumption_strategy: 'PER_SEAT',
    price_per_month: '59.99',
    price_per_year: '479.99',
    service_items: [{ how_many: -1, service: { slug: 'ai-credits', title: 'AI credits' } }],
    seat_service_price: { price_per_unit: '12.50' },
  }),
  '/v1/payments/me/subscription': JSON.stringify({
    subscriptions: [{ id: 101, status: 'ACTIVE', plans: [{ slug: 'team-per-seat' }] }],
  }),
};
const inMemoryFetch = async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  return new Response(BODIES[url.pathname] ?? '{}', {
    headers: { 'content-type': 'application/json' },
  });
};

const origin = 'https://api.example.com';
const token = 'bench-token-0123456789';
const bare = ky.create({
  retry: 0,
  throwHttpErrors: false,
  redirect: 'error',
  window: null,
  timeout: 30_000,
  fetch: inMemoryFetch,
  headers: {
    accept: 'application/json',
    'user-agent': 'seatpay/bench',
    authorization: `Bearer ${token}`,
  },
} as Parameters<typeof ky.create>[0]);
const viaKy = async (path: string) => {
  const pending = bare(origin + path);
  const response = await pending;
  const text = await pending.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(text) as unknown;
};
const client = createClient({ baseUrl: origin, token, fetch: inMemoryFetch, logLevel: 'off' });
const unchecked = client.withOptions({ validate: 'off' });

const subjects: Record<string, () => Promise<unknown>> = {
  'fetch + JSON.parse, plan': async () =>
    JSON.parse(await (await inMemoryFetch(`${origin}/v1/payments/plan/team-per-seat`)).text()),
  'bare ky, plan': () => viaKy('/v1/payments/plan/team-per-seat'),
  'seatpay plans.get()': () => client.plans.get('team-per-seat'),
  "seatpay plans.get(), validate 'off'": () => unchecked.plans.get('team-per-seat'),
  'bare ky, subscriptions': () => viaKy('/v1/payments/me/subscription'),
  'seatpay subscriptions.list()': () => client.subscriptions.list(),
};

const cpu: Record<string, number[]> = {};
for (let round = 0; round < rounds + 2; round++) {
  const names = Object.keys(subjects);
  if (round % 2) names.reverse();
  for (const name of names) {
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++) await subjects[name]!();
    const used = process.cpuUsage(before);
    if (round >= 2) (cpu[name] ??= []).push((used.user + used.system) / calls);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const versus = (name: string, base: string) => {
  const ratios = cpu[name]!.map((x, i) => x / cpu[base]![i]!).sort((a, b) => a - b);
  return { median: median(ratios), min: ratios[0]!, max: ratios.at(-1)! };
};
console.log(`Node ${process.version}, ${rounds} rounds of ${calls} calls, in-memory fetch\n`);
console.log('| subject | client CPU µs/call | vs bare ky, same path |');
console.log('| --- | --- | --- |');
let missed = 0;
for (const name of Object.keys(subjects)) {
  const base = name.includes('subscriptions') ? 'bare ky, subscriptions' : 'bare ky, plan';
  const r = versus(name, base);
  if (name === 'seatpay plans.get()' || name === 'seatpay subscriptions.list()')
    missed += r.median > GOAL ? 1 : 0;
  console.log(
    `| ${name} | ${median(cpu[name]!).toFixed(1)} | ${r.median.toFixed(2)} [${r.min.toFixed(2)}-${r.max.toFixed(2)}] |`,
  );
}
process.exitCode = missed ? 1 : 0;
