// What a keyed checkout allocates more than a plain one (issue 37, keycost9): bytes allocated on
// V8's heap per call, plain / memoryJournal / identity blocks of 100 calls interleaved, in process
// against the simulator (bench/keyed-cost-subscriber.ts). The young generation is made large
// enough that no collection runs inside a block, so the heap's growth over a block is what its
// calls allocated. Allocation is what the collector pays for later, and touches memory (cycles
// that callgrind's instruction counts do not show). Load-independent; one side per run.
//
//   npx tsx --expose-gc --max-semi-space-size=256 bench/keyed-cost-allocations.ts [--root <checkout>]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { subscribedClient } from './keyed-cost-subscriber.js';
import type { Side } from './keyed-cost-child.js';

declare const gc: ((options?: { type?: 'minor' | 'major' }) => void) | undefined;
if (!gc) throw new Error('run with --expose-gc (and --max-semi-space-size=256)');
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(new URL('..', import.meta.url).pathname) },
    rounds: { type: 'string', default: '12' },
  },
});
const root = resolve(values.root);
const side = {
  seatpay: (await import(`${root}/src/index.ts`)) as unknown,
  mock: (await import(`${root}/src/mock/index.ts`)) as unknown,
} as Side;
const { client, order } = await subscribedClient(side, 'allocations@example.com');
let next = 0;
let journal = side.seatpay.memoryJournal();
const arms: Record<string, () => Promise<unknown>> = {
  plain: () => client.consumables.checkout(order),
  memoryJournal: () => client.consumables.checkout({ ...order, key: `k${next++}`, journal }),
  identity: () =>
    client.consumables.checkout({ ...order, key: `k${next++}`, journal, identity: 'user-4711' }),
};
const perCall = new Map<string, number[]>(Object.keys(arms).map((name) => [name, []]));
const rounds = Number(values.rounds);
for (let round = 0; round < rounds; round++) {
  journal = side.seatpay.memoryJournal();
  for (const [name, call] of Object.entries(arms)) {
    gc({ type: 'minor' });
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 100; i++) await call();
    const allocated = (process.memoryUsage().heapUsed - before) / 100;
    if (round >= 4) perCall.get(name)!.push(allocated); // the first four warm up
  }
}
console.log(`${root}: bytes allocated per call, median [min-max] of ${rounds - 4} blocks of 100`);
const median = (name: string) => {
  const sorted = perCall.get(name)!.sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
};
for (const name of Object.keys(arms)) {
  const sorted = perCall.get(name)!.sort((a, b) => a - b);
  const range = `${sorted[0]!.toFixed(0)}-${sorted.at(-1)!.toFixed(0)}`;
  const over =
    name === 'plain' ? '' : `, ${(median(name) - median('plain')).toFixed(0)} over plain`;
  console.log(`| ${name} | ${median(name).toFixed(0)} [${range}]${over} |`);
}
