// The per-call benchmark's client: times seatpay calls and raw fetch() + JSON.parse to the same
// server, interleaved round by round so that machine noise falls on both. Prints one JSON line of
// per-call medians in microseconds. Run by bench/per-call.ts; not meant to be run by hand.
import { createClient } from '../dist/index.js';

const [origin, planSlug, roundsArg, callsArg] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const rounds = Number(roundsArg);
const calls = Number(callsArg);
const token = 'bench-token-0123456789';
const client = createClient({ baseUrl: origin, token, logLevel: 'off' });
const headers = { accept: 'application/json', authorization: `Bearer ${token}` };

/** What a user writing it by hand would do: fetch, check the status, JSON.parse the text. */
async function raw(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(origin + path, signal ? { headers, signal } : { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(text);
}

/**
 * The same with the one thing every seatpay call adds on purpose: a timeout that aborts the
 * request (an AbortController and a timer per call), to tell its cost from seatpay's own.
 */
async function rawWithTimeout(path: string): Promise<unknown> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(), 30_000);
  try {
    return await raw(path, timer.signal);
  } finally {
    clearTimeout(handle);
  }
}

type Subject = () => Promise<unknown>;
const subjects: Record<string, Subject> = {
  'raw plan': () => raw(`/v1/payments/plan/${planSlug}`),
  'raw plan + timeout': () => rawWithTimeout(`/v1/payments/plan/${planSlug}`),
  'seatpay plans.get': () => client.plans.get(planSlug),
  'raw subscriptions': () => raw('/v1/payments/me/subscription'),
  'seatpay subscriptions.list': () => client.subscriptions.list(),
};

/** Wall time and this process's CPU time, per call, in microseconds. */
interface PerCall {
  wall: number;
  cpu: number;
}

async function timed(work: () => Promise<unknown>): Promise<PerCall> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await work();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    wall: ((performance.now() - started) * 1000) / calls,
    cpu: (cpu.user + cpu.system) / calls,
  };
}

const sequential = (subject: Subject) =>
  timed(async () => {
    for (let i = 0; i < calls; i++) await subject();
  });

/** `calls` calls with 32 always in flight. */
const concurrent = (subject: Subject) =>
  timed(async () => {
    let next = 0;
    const worker = async () => {
      while (next++ < calls) await subject();
    };
    await Promise.all(Array.from({ length: 32 }, worker));
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: Record<string, { sequential: PerCall[]; concurrent: PerCall[] }> = {};
for (const name of Object.keys(subjects)) results[name] = { sequential: [], concurrent: [] };

// Warm-up: JIT, connection pool, schema caches.
for (const subject of Object.values(subjects)) {
  await sequential(subject);
  await concurrent(subject);
}
for (let round = 0; round < rounds; round++) {
  // Alternate the order each round so that neither side always runs first.
  const names = Object.keys(subjects);
  if (round % 2) names.reverse();
  for (const name of names) results[name]!.sequential.push(await sequential(subjects[name]!));
  for (const name of names) results[name]!.concurrent.push(await concurrent(subjects[name]!));
}
console.log(
  JSON.stringify(
    Object.fromEntries(
      Object.entries(results).map(([name, r]) => [
        name,
        {
          sequential: {
            wall: median(r.sequential.map((m) => m.wall)),
            cpu: median(r.sequential.map((m) => m.cpu)),
          },
          concurrent: {
            wall: median(r.concurrent.map((m) => m.wall)),
            cpu: median(r.concurrent.map((m) => m.cpu)),
          },
        },
      ]),
    ),
  ),
);
