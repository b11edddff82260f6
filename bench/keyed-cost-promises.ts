// How many promises a checkout makes (issue 37, keycost14): V8's promise hook counts every promise
// created over 100 checkouts of one arm (plain, memoryJournal, identity, fileJournal) after 50 of
// warm-up; with `--sites`, where (the three frames under the hook). Each promise is an allocation
// and most a turn of the microtask queue: a count that does not move with the machine's load.
//
//   npx tsx bench/keyed-cost-promises.ts [--root <checkout>] [--arm fileJournal] [--sites]
import { promiseHooks } from 'node:v8';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { subscribedClient } from './keyed-cost-subscriber.js';
import type { Side } from './keyed-cost-child.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(new URL('..', import.meta.url).pathname) },
    arm: { type: 'string', default: 'memoryJournal' },
    sites: { type: 'boolean', default: false },
  },
});
const root = resolve(values.root);
const side = {
  seatpay: (await import(`${root}/src/index.ts`)) as unknown,
  mock: (await import(`${root}/src/mock/index.ts`)) as unknown,
  node: (await import(`${root}/src/node.ts`)) as unknown,
} as Side;
const { client, order } = await subscribedClient(side, 'promises@example.com');
const dir = await mkdtemp(join(tmpdir(), 'keyed-cost-promises-'));
const file = values.arm === 'fileJournal' ? side.node.fileJournal(join(dir, 'j.db')) : undefined;
let next = 0;
const call = () =>
  values.arm === 'plain'
    ? client.consumables.checkout(order)
    : client.consumables.checkout({
        ...order,
        key: `k${next++}`,
        journal: file ?? side.seatpay.memoryJournal(),
        ...(values.arm === 'identity' ? { identity: 'user-4711' } : {}),
      });
for (let i = 0; i < 50; i++) await call();
const sites = new Map<string, number>();
let counting = false;
let total = 0;
const stop = promiseHooks.onInit(() => {
  if (!counting) return;
  total++;
  if (!values.sites) return;
  const frames = new Error().stack!.split('\n').slice(2, 5);
  const site = frames.map((frame) => frame.trim().replace(/\(.*\/(src|node_modules)\//, '($1/'));
  sites.set(site.join(' < '), (sites.get(site.join(' < ')) ?? 0) + 1);
});
const CALLS = 100;
counting = true;
for (let i = 0; i < CALLS; i++) await call();
counting = false;
stop();
file?.close();
await rm(dir, { recursive: true, force: true });
console.log(`${root} ${values.arm}: ${total / CALLS} promises per call`);
for (const [site, count] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
  console.log(`${(count / CALLS).toFixed(2)} ${site}`);
}
