// The per-call benchmark's client: times seatpay calls, bare ky with the same options as seatpay's
// ky instance, and raw fetch() + JSON.parse (with and without a timeout) to the same servers,
// interleaved round by round so that machine noise falls on all of them. Prints one JSON line of
// per-call figures of every round, in microseconds. Run by bench/per-call.ts; not meant to be run by hand.
import ky from 'ky';
import { createClient } from '../dist/index.js';
import { kyWithoutBodyCancel } from './ky-no-cancel.js';

const [atOnce, late, planSlug, roundsArg, callsArg, goalOnly, beforePath] = process.argv.slice(
  2,
) as [string, string, string, string, string, string | undefined, string | undefined];
/** Another build of seatpay (`--before`), measured in the same rounds. */
const before = beforePath
  ? ((await import(beforePath)) as { createClient: typeof createClient }).createClient
  : undefined;
const rounds = Number(roundsArg);
const calls = Number(callsArg);
const token = 'bench-token-0123456789';
// The header set every subject sends (seatpay's user agent is seatpay/<version>): the same bytes out.
const headers = {
  accept: 'application/json',
  'user-agent': 'seatpay/bench',
  authorization: `Bearer ${token}`,
};
const PATHS = {
  plan: `/v1/payments/plan/${planSlug}`,
  subscriptions: '/v1/payments/me/subscription',
  checking: '/v1/payments/checking',
};
/** The money call: `checking.preview(PREVIEW)`, which sends PREVIEW with the route's `type`. */
const PREVIEW = { plans: [1], team_seats: 3 };
const PREVIEW_BODY = { ...PREVIEW, type: 'PREVIEW' };
const postHeaders = { ...headers, 'content-type': 'application/json' };

/** What a user writing it by hand would do: fetch, check the status, JSON.parse the text. */
async function raw(
  url: string,
  signal?: AbortSignal,
  json?: unknown,
  fetchOptions?: RequestInit,
): Promise<unknown> {
  const init: RequestInit = json
    ? { method: 'POST', headers: postHeaders, body: JSON.stringify(json), ...fetchOptions }
    : { headers };
  const response = await fetch(url, signal ? { ...init, signal } : init);
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(text);
}

/** The same with a timeout that aborts the request: the floor for any client with timeouts. */
async function rawWithTimeout(url: string, json?: unknown): Promise<unknown> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(), 30_000);
  try {
    return await raw(url, timer.signal, json);
  } finally {
    clearTimeout(handle);
  }
}

type Subject = () => Promise<unknown>;

const kyNoCancel = await kyWithoutBodyCancel();

/** The subjects of every path on one server. */
function subjectsOf(origin: string): Record<string, Subject> {
  const client = createClient({ baseUrl: origin, token, logLevel: 'off' });
  const other = before?.({ baseUrl: origin, token, logLevel: 'off' });
  const beforeSubjects: Record<string, Subject> = other
    ? {
        'plan before': () => other.plans.get(planSlug),
        'subscriptions before': () => other.subscriptions.list(),
        'checking before': () => other.checking.preview(PREVIEW),
      }
    : {};
  // ky as seatpay's instance is made (src/core/send/ky-instance.ts), nothing of seatpay's on top;
  // `redirect: 'manual'` as there (it was `'error'` until issue 36, which spared bare ky alone the
  // request body clone Node's fetch makes with `'manual'`).
  const kyOptions = {
    retry: 0,
    throwHttpErrors: false,
    redirect: 'manual',
    window: null,
    timeout: 30_000,
    headers,
  } as Parameters<typeof ky.create>[0];
  const bare = ky.create(kyOptions);
  const bareNoCancel = kyNoCancel.create(kyOptions);
  const viaKy = async (url: string, json?: unknown, instance = bare) => {
    const pending = instance(url, json ? { method: 'POST', json } : undefined);
    const response = await pending;
    const text = await pending.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return JSON.parse(text) as unknown;
  };
  const plan = origin + PATHS.plan;
  const subscriptions = origin + PATHS.subscriptions;
  const checking = origin + PATHS.checking;
  return {
    'plan raw': () => raw(plan),
    'plan raw + timeout': () => rawWithTimeout(plan),
    'plan ky': () => viaKy(plan),
    'plan seatpay': () => client.plans.get(planSlug),
    'subscriptions raw': () => raw(subscriptions),
    'subscriptions raw + timeout': () => rawWithTimeout(subscriptions),
    'subscriptions ky': () => viaKy(subscriptions),
    'subscriptions seatpay': () => client.subscriptions.list(),
    'checking raw': () => raw(checking, undefined, PREVIEW_BODY),
    'checking raw + timeout': () => rawWithTimeout(checking, PREVIEW_BODY),
    // With the fetch options seatpay and ky are given: undici then does not clone the body.
    'checking raw, no clone': () =>
      raw(checking, undefined, PREVIEW_BODY, { redirect: 'error', window: null }),
    'checking ky': () => viaKy(checking, PREVIEW_BODY),
    'checking ky without the body cancel': () => viaKy(checking, PREVIEW_BODY, bareNoCancel),
    'checking seatpay': () => client.checking.preview(PREVIEW),
    ...beforeSubjects,
  };
}

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

const MODES = {
  sequential: (subject: Subject) =>
    timed(async () => {
      for (let i = 0; i < calls; i++) await subject();
    }),
  /** `calls` calls with 32 always in flight. */
  concurrent: (subject: Subject) =>
    timed(async () => {
      let next = 0;
      const worker = async () => {
        while (next++ < calls) await subject();
      };
      await Promise.all(Array.from({ length: 32 }, worker));
    }),
};

// `goal`: only what the 1.10x goal judges (1 ms, sequential; raw fetch, ky and seatpay), so that
// the same time buys more rounds of it.
const judged = /^[a-z]+ (raw|raw \+ timeout|ky|seatpay|before)$/;
const servers: Record<string, Record<string, Subject>> = goalOnly === 'goal'
  ? {
      '1 ms': Object.fromEntries(
        Object.entries(subjectsOf(late)).filter(([name]) => judged.test(name)),
      ),
    }
  : { '0 ms': subjectsOf(atOnce), '1 ms': subjectsOf(late) };
const modes =
  goalOnly === 'goal' ? (['sequential'] as const) : (['sequential', 'concurrent'] as const);
const samples: Record<string, PerCall[]> = {};

async function block(latency: string, name: string, mode: keyof typeof MODES) {
  const result = await MODES[mode](servers[latency]![name]!);
  (samples[`${latency}|${mode}|${name}`] ??= []).push(result);
}

const names = Object.keys(Object.values(servers)[0]!);
// Warm-up: JIT, connection pools, schema caches.
for (const latency of Object.keys(servers))
  for (const name of names)
    for (const mode of modes) {
      await MODES[mode](servers[latency]![name]!);
    }
for (let round = 0; round < rounds; round++) {
  // Alternate the order each round so that no subject always runs first.
  const order = round % 2 ? [...names].reverse() : names;
  for (const latency of Object.keys(servers))
    for (const mode of modes) for (const name of order) await block(latency, name, mode);
}
// Every round's figure: ratios are taken round by round, between subjects of the same round.
console.log(JSON.stringify({ samples, loadAtEnd: (await import('node:os')).loadavg() }));
