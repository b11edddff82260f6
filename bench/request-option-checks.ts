// What the request option checks cost one call, in CPU nanoseconds, beside a call's ~60-80 µs
// (bench/per-call-inproc.ts): `checkRequestOptions` (every method's last argument) with no options,
// `{ signal }`, `{ timeout }` and one header, and the money calls' order checks (pay.bag's and
// checkout's: a request option or an idempotency key named in the order or its options) on an order
// that is refused for nothing. `--before <checkout>/src` measures that checkout's
// `checkRequestOptions` too (percall18: the fifteenth to seventeenth passes' refusals against the
// fourteenth pass's). Each arm runs in a process of its own, `--processes` of each, alternating:
// in one process the arms share the JIT's feedback, and whichever ran first was measured slower or
// faster by up to 6x (a one-process draft of this bench: 127 against 20 ns, then 11 against 68).
//
//   npx tsx bench/request-option-checks.ts [--before /tmp/base/src] [--processes 4] [--rounds 5]
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkRequestOptions } from '../src/core/prepare/validate-input.js';
import { orderFieldError, unkeyedPayError } from '../src/resources/misplaced-key.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    arm: { type: 'string' },
    processes: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
    calls: { type: 'string', default: '1000000' },
  },
});
const rounds = Number(values.rounds);
const calls = Number(values.calls);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

if (values.arm === undefined) {
  // The parent: each arm in processes of its own, alternating, and the medians of their medians.
  const arms = values.before ? ['this', 'before', 'money'] : ['this', 'money'];
  const perCase: Record<string, number[]> = {};
  for (let i = 0; i < Number(values.processes); i++) {
    for (const arm of i % 2 ? [...arms].reverse() : arms) {
      const args = [...process.execArgv, process.argv[1]!, '--arm', arm];
      args.push('--rounds', String(rounds), '--calls', String(calls));
      if (values.before) args.push('--before', values.before);
      const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
      const medians = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
      for (const [name, ns] of Object.entries(medians))
        (perCase[`${arm}: ${name}`] ??= []).push(ns);
    }
  }
  console.log(`${values.processes} processes per arm, each ${rounds} rounds of ${calls} calls`);
  console.log('| check | CPU ns/call, median of the processes [min-max] |\n| --- | --- |');
  for (const [name, xs] of Object.entries(perCase)) {
    const [low, high] = [Math.min(...xs), Math.max(...xs)];
    console.log(`| ${name} | ${median(xs).toFixed(1)} [${low.toFixed(1)}-${high.toFixed(1)}] |`);
  }
  process.exit(0);
}

type Check = (value: never) => unknown;
let check = checkRequestOptions as Check;
if (values.arm === 'before') {
  const url = pathToFileURL(resolve(values.before!, 'core/prepare/validate-input.ts')).href;
  check = ((await import(url)) as { checkRequestOptions: Check }).checkRequestOptions;
}
const order = { plans: [1], team_seats: 3, how_many: 1 };
// The money calls' checks in a process of their own too: the two arms run the same cases alike.
const cases: [string, Check, unknown][] =
  values.arm === 'money'
    ? []
    : [
        ['options none', check, undefined],
        ['options { signal }', check, { signal: new AbortController().signal }],
        ['options { timeout }', check, { timeout: 5000 }],
        ['options { headers: one }', check, { headers: { 'x-trace': 'abc' } }],
      ];
const moneyChecks = ((options: unknown) =>
  unkeyedPayError(order, options) ?? orderFieldError(order, options, 'pay.bag')) as Check;
if (values.arm === 'money') {
  cases.push(['pay.bag order checks, no options', moneyChecks, undefined]);
  cases.push(['pay.bag order checks, { timeout }', moneyChecks, { timeout: 5000 }]);
}

const perCall: Record<string, number[]> = {};
let refused = 0;
for (let round = 0; round < rounds + 2; round++) {
  const inOrder = round % 2 ? [...cases].reverse() : cases;
  for (const [name, check, value] of inOrder) {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) if (check(value as never) === 'refused') refused++;
    const used = process.cpuUsage(start);
    if (round >= 2) (perCall[name] ??= []).push(((used.user + used.system) * 1000) / calls);
  }
}
if (refused) throw new Error('a check refused a valid call');
console.log(
  JSON.stringify(Object.fromEntries(cases.map(([name]) => [name, median(perCall[name]!)]))),
);
