// seatpay's own work per call on top of bare ky, without a network: every subject gets the same
// `fetch` that answers at once from memory with the bytes the simulator sends, so client CPU is
// all that is measured (loopback timings on a shared machine are too noisy to see ~10 %).
//
//   npx tsx bench/per-call-inproc.ts [--rounds 15] [--calls 3000] [--before <other build>/index.js]
//                                    [--only '<subject>' ...] [--bytes] [--split <process rounds>]
//
// --split N (measure12): every subject in a process of its own, none in this one. N process rounds;
// in each, one child per subject (this script with --only, the same flags, --before given to every
// child alike so that each loads the same modules), the subjects' order shuffled anew each round.
// A child runs `--rounds` rounds (+2 warm-up) of `--calls` calls and gives the median CPU per call;
// seatpay / bare ky is then taken per process round (and before / this with --before: an A/A run
// with --before pointing at the same code must come out at ~1.00), reported as the ratio of summed
// CPU with a 90 % bootstrap interval over the process rounds, and median [min-max]. Use this one to
// judge the 1.05 goal: in one process, the subjects share a JIT and a heap, and which arm loads or
// runs first is not neutral (BENCHMARKS.md, "Twelfth pass: unbiased CPU benches (measure12)").
//
// --bytes gives bytes allocated per call in place of CPU (load-independent): run it as
// `node --expose-gc --max-semi-space-size=256 --import tsx bench/per-call-inproc.ts --bytes
// --calls 500`, so that no collection runs inside a block and the heap's growth is what it allocated.
//
// With NODE_OPTIONS=--expose-gc a full collection is forced before each block: every subject's
// CPU per call then more than doubles (bare ky ~35 µs -> ~110 µs on Node 24), the collection's
// aftermath counted in the block, and seatpay's few µs of its own are lost in that (BENCHMARKS.md,
// "Issue 32: per call on a quiet machine"). Without it, use enough calls per block (5000).
//
// `--before` adds the same seatpay calls from another build (say main's dist/, built in a copy of
// the repository), measured in the same rounds: a before/after side by side. `--only` runs the
// subjects named (the table's names) and nothing else: bench/per-call-callgrind.ts runs one
// family at a time under valgrind, where instructions are counted whatever the machine's load.
//
// The answers carry six headers (a date and a request id that change on every answer) and the token
// is 36 characters long, as a real service's are: seatpay searches what it hands out for it.
//
// Subjects: the in-memory fetch + JSON.parse alone; bare ky with the same options as seatpay's ky
// instance (src/core/send/ky-instance.ts); seatpay's plans.get(), subscriptions.list() and the money
// call checking.preview() (a POST, its input checked) from the built package (dist/), with
// validation on (the default) and off; and bare ky with the one-line body-cancel change
// (bench/ky-no-cancel.ts) on the POST. Interleaved, the order flipping every
// round, two warm-up rounds thrown away; the ratio to bare ky is taken round by round, and the
// table gives its median [min-max].
import { execFileSync, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import ky from 'ky';
import { createClient } from '../dist/index.js';
import { kyWithoutBodyCancel } from './ky-no-cancel.js';
import { BODIES } from './per-call-bodies.js';
import { median as middle, nestedRatioInterval, span } from './keyed-cost-stats.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    calls: { type: 'string', default: '3000' },
    before: { type: 'string' },
    after: { type: 'string' },
    'warm-up': { type: 'string', default: '2' },
    callgrind: { type: 'boolean', default: false },
    settle: { type: 'string', default: '0' },
    only: { type: 'string', multiple: true },
    bytes: { type: 'boolean', default: false },
    split: { type: 'string' },
  },
});
const only = values.only;
const wanted = (name: string) => !only || only.includes(name);
const rounds = Number(values.rounds);
const calls = Number(values.calls);
const warmUp = Number(values['warm-up']);
const GOAL = 1.05;
if (values.split) {
  await splitRun(Number(values.split));
  process.exit(process.exitCode ?? 0);
}

const PREVIEW = { plans: [1], team_seats: 3 };
let answered = 0;
const inMemoryFetch = async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  // A request body is read whole, as Node's fetch sends it: through a pipe that lets go of the
  // stream once it is read (reading it with request.text() would leave it locked, and make ky's
  // cancel of the used body throw, which Node's fetch does not).
  if (input instanceof Request && input.body) {
    const reader = input.body.getReader();
    while (!(await reader.read()).done);
    reader.releaseLock();
  }
  const body = BODIES[url.pathname] ?? '{}';
  // Six headers, as a service behind a proxy sends them: its length (as the simulator sends it and
  // bench/per-call.ts replays), and a date and request id that change on every answer.
  answered++;
  return new Response(body, {
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      date: new Date(1_790_000_000_000 + answered * 1000).toUTCString(),
      'x-request-id': `req_${answered.toString(36).padStart(12, '0')}`,
      connection: 'keep-alive',
      'keep-alive': 'timeout=5',
    },
  });
};

const origin = 'https://api.example.com';
const token = 'sp_4f9c2a7e1b6d3c8a5e0f7b2d9c4a1e6b8'; // 36 characters, as issued
// As src/core/send/ky-instance.ts makes seatpay's instance: `redirect: 'manual'` too, with which
// Node's fetch clones a request body (it measured `'error'` until issue 36, which spared bare ky
// that clone on the POST and not seatpay).
const kyOptions = {
  retry: 0,
  throwHttpErrors: false,
  redirect: 'manual',
  window: null,
  timeout: 30_000,
  fetch: inMemoryFetch,
  headers: {
    accept: 'application/json',
    'user-agent': 'seatpay/bench',
    authorization: `Bearer ${token}`,
  },
} as Parameters<typeof ky.create>[0];
const bare = ky.create(kyOptions);
// Patched in a copy of ky on disk: made only when measured.
const bareNoCancel = wanted('bare ky without the body cancel, checking')
  ? (await kyWithoutBodyCancel()).create(kyOptions)
  : bare;
const viaKy = async (path: string, json?: unknown, instance = bare) => {
  const pending = instance(origin + path, json ? { method: 'POST', json } : undefined);
  const response = await pending;
  const text = await pending.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(text) as unknown;
};
type Client = ReturnType<typeof createClient>;
/** A client from the build at `path` (an index.js), or from the build bundled with this script. */
const clientOf = async (path?: string): Promise<Client> => {
  const make = path
    ? ((await import(path)) as { createClient: typeof createClient }).createClient
    : createClient;
  return make({ baseUrl: origin, token, fetch: inMemoryFetch, logLevel: 'off' });
};
// --after: this build loaded as --before's is (imported, not bundled), so that an A/A run (--before
// and --after the same code) compares two arms that load and share alike.
const client = await clientOf(values.after);
const unchecked = client.withOptions({ validate: 'off' });
const other = values.before ? await clientOf(values.before) : undefined;
const before = (name: string, call: (client: Client) => Promise<unknown>) =>
  other ? { [`before: seatpay ${name}`]: () => call(other) } : {};

const subjects: Record<string, () => Promise<unknown>> = {
  ...before('plans.get()', (c) => c.plans.get('team-per-seat')),
  ...before('subscriptions.list()', (c) => c.subscriptions.list()),
  ...before('checking.preview()', (c) => c.checking.preview(PREVIEW)),
  'fetch + JSON.parse, plan': async () =>
    JSON.parse(await (await inMemoryFetch(`${origin}/v1/payments/plan/team-per-seat`)).text()),
  'bare ky, plan': () => viaKy('/v1/payments/plan/team-per-seat'),
  'seatpay plans.get()': () => client.plans.get('team-per-seat'),
  "seatpay plans.get(), validate 'off'": () => unchecked.plans.get('team-per-seat'),
  'bare ky, subscriptions': () => viaKy('/v1/payments/me/subscription'),
  'seatpay subscriptions.list()': () => client.subscriptions.list(),
  'bare ky, checking': () => viaKy('/v1/payments/checking', { ...PREVIEW, type: 'PREVIEW' }),
  'bare ky without the body cancel, checking': () =>
    viaKy('/v1/payments/checking', { ...PREVIEW, type: 'PREVIEW' }, bareNoCancel),
  'seatpay checking.preview()': () => client.checking.preview(PREVIEW),
};

for (const name of Object.keys(subjects)) if (!wanted(name)) delete subjects[name];
if (only && Object.keys(subjects).length !== only.length)
  throw new Error(`--only: no such subject among ${only.join(', ')}`);

const cpu: Record<string, number[]> = {};
/** Every measured block's subject, in the order run (warm-up rounds left out). */
const blocks: string[] = [];
for (let round = 0; round < rounds + warmUp; round++) {
  // --callgrind (bench/per-call-callgrind.ts): the warm-up runs under valgrind uninstrumented,
  // several times faster; callgrind counts the measured blocks alone.
  const names = Object.keys(subjects);
  if (round % 2) names.reverse();
  for (const name of names) {
    if (round >= warmUp) blocks.push(name);
    // Under callgrind the collection and the settling calls run uninstrumented (several times
    // faster, and none of it is counted): instrumentation is back on for the block alone.
    const counted = values.callgrind && round >= warmUp;
    if (counted) callgrindSet('off');
    // A collection left over from the block before must not land in this one (run with
    // NODE_OPTIONS=--expose-gc; without it, GC noise stays in the spread).
    (globalThis as { gc?: () => void }).gc?.();
    // --settle N: calls not counted after the collection, which empties V8's inline caches and
    // leaves the heap to sweep (bench/per-call-callgrind.ts).
    for (let i = 0; i < Number(values.settle); i++) await subjects[name]!();
    if (counted) callgrindSet('on');
    const before = process.cpuUsage();
    const heap = process.memoryUsage().heapUsed;
    for (let i = 0; i < calls; i++) await subjects[name]!();
    const used = process.cpuUsage(before);
    // --bytes: the heap's growth instead, what a call allocates (no collection in the block).
    const cost = values.bytes ? process.memoryUsage().heapUsed - heap : used.user + used.system;
    if (round >= warmUp) (cpu[name] ??= []).push(cost / calls);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const versus = (name: string, base: string) => {
  const ratios = cpu[name]!.map((x, i) => x / cpu[base]![i]!).sort((a, b) => a - b);
  return { median: median(ratios), min: ratios[0]!, max: ratios.at(-1)! };
};
const { loadavg } = await import('node:os');
if (only) {
  // Read by bench/per-call-callgrind.ts, which counts each block's instructions (a block is what
  // runs between two process.cpuUsage() calls).
  console.log(JSON.stringify({ blocks, cpu }));
  process.exit(0);
}
console.log(
  `Node ${process.version}, ${rounds} rounds of ${calls} calls, in-memory fetch, load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
console.log(
  `| subject | client ${values.bytes ? 'bytes' : 'CPU µs'}/call | vs bare ky, same path |`,
);
console.log('| --- | --- | --- |');
let missed = 0;
for (const name of Object.keys(subjects)) {
  const family = ['subscriptions', 'checking'].find((word) => name.includes(word)) ?? 'plan';
  const r = versus(name, `bare ky, ${family}`);
  if (/^seatpay [a-z.]+\(\)$/.test(name)) missed += r.median > GOAL ? 1 : 0;
  console.log(
    `| ${name} | ${median(cpu[name]!).toFixed(1)} | ${r.median.toFixed(2)} [${r.min.toFixed(2)}-${r.max.toFixed(2)}] |`,
  );
}
process.exitCode = missed ? 1 : 0;

/** Turns callgrind's instrumentation on or off in this process, once it has answered. */
function callgrindSet(instr: 'on' | 'off'): void {
  execFileSync('callgrind_control', [`--instr=${instr}`, String(process.pid)], { stdio: 'ignore' });
}

/** --split: each subject in its own child process, the order shuffled per process round. */
async function splitRun(processRounds: number): Promise<void> {
  const { loadavg } = await import('node:os');
  const families = [
    ['plans.get()', 'bare ky, plan'],
    ['subscriptions.list()', 'bare ky, subscriptions'],
    ['checking.preview()', 'bare ky, checking'],
  ] as const;
  const names = families.flatMap(([call, base]) => [
    base,
    `seatpay ${call}`,
    ...(values.before ? [`before: seatpay ${call}`] : []),
  ]);
  let seed = 1205;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const perCall: Record<string, number[]> = {};
  const loads: number[] = [];
  for (let round = 0; round < processRounds; round++) {
    const order = [...names];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    loads.push(loadavg()[0]!);
    for (const name of order) {
      const args = [
        ...process.execArgv,
        new URL(import.meta.url).pathname,
        '--only',
        name,
        '--rounds',
        String(rounds),
        '--calls',
        String(calls),
        ...(values.before ? ['--before', values.before] : []),
      ];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((done) => child.once('close', done));
      if (code !== 0) throw new Error(`the child for ${name} ended with ${code}`);
      const { cpu } = JSON.parse(out.trim().split('\n').at(-1)!) as {
        cpu: Record<string, number[]>;
      };
      (perCall[name] ??= []).push(middle(cpu[name]!));
    }
    console.log(
      `process round ${round + 1}/${processRounds} done, load ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  console.log(
    `\nNode ${process.version}, --split ${processRounds}: each subject its own process per round, ${rounds} rounds (+2 warm-up) of ${calls} calls each; load at the rounds' starts ${loads.map((x) => x.toFixed(1)).join(' ')}, at the end ${loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log(
    '| subject | CPU µs/call, median [min-max] over processes | vs | ratio of sums [90 % interval] | per round, median [min-max] | goal 1.05 |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  let missed = 0;
  const row = (name: string, base: string, judged: boolean) => {
    const rounds = perCall[name]!.map((x, i) => [{ subject: x, baseline: perCall[base]![i]! }]);
    const interval = nestedRatioInterval(rounds);
    const verdict = !judged
      ? ''
      : interval.high <= GOAL
        ? 'met'
        : interval.low > GOAL
          ? 'missed'
          : 'not settled';
    if (verdict === 'missed') missed++;
    console.log(
      `| ${name} | ${span(perCall[name]!, 1)} | ${base} | **${interval.ratio.toFixed(2)}** [${interval.low.toFixed(2)}-${interval.high.toFixed(2)}] | ${span(
        perCall[name]!.map((x, i) => x / perCall[base]![i]!),
        2,
      )} | ${verdict} |`,
    );
  };
  for (const [call, base] of families) {
    console.log(`| ${base} | ${span(perCall[base]!, 1)} | | | | |`);
    row(`seatpay ${call}`, base, true);
    if (values.before) {
      row(`before: seatpay ${call}`, base, true);
      row(`seatpay ${call}`, `before: seatpay ${call}`, false);
    }
  }
  process.exitCode = missed ? 1 : 0;
}
