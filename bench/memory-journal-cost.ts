// memoryJournal's own work per keyed checkout (keycost17): the calls a keyed call makes of it (a
// read of a new key, the claim, the held write of the outcome), with records shaped as a
// checkout's, CPU per call; this checkout's memoryJournal against `--root`'s, in alternating
// rounds (ABBA: root, this, this, root, ...). Both are loaded into this one process: a side's
// place may bias it (measure12), so the order is also run the other way (`--this-first`).
//
//   npx tsx bench/memory-journal-cost.ts --root <checkout> [--rounds 12] [--calls 20000] [--this-first]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { JournalRecord, PurchaseJournal } from '../src/index.js';
import { median } from './keyed-cost-stats.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '12' },
    calls: { type: 'string', default: '20000' },
    'this-first': { type: 'boolean', default: false },
  },
});
if (!values.root) throw new Error('--root <checkout> is needed: the memoryJournal to compare with');
type Make = () => PurchaseJournal;
const load = async (root: string): Promise<Make> =>
  ((await import(resolve(root, 'src/index.ts'))) as { memoryJournal: Make }).memoryJournal;
const here = resolve(new URL('..', import.meta.url).pathname);
const sides = { root: await load(values.root), this: await load(here) };
const first = values['this-first'] ? 'this' : 'root';
const second = first === 'root' ? 'this' : 'root';

const params = { service: 'ai-credits', how_many: 1, subscription: 'sub_0123456789abcdef' };
const result = {
  id: 'chk_0123456789',
  service: 'ai-credits',
  how_many: 1,
  amount: 1200,
  currency: 'EUR',
  subscription: 'sub_0123456789abcdef',
  status: 'paid',
  paid_at: '2026-11-30T11:27:00.000Z',
  created_at: '2026-11-30T11:27:00.000Z',
  description: 'AI credits, one unit',
};
const owner = 'o-abcdefabcdefabcdefabcdef';

/** One keyed checkout's calls of the journal. */
async function once(journal: PurchaseJournal, key: string): Promise<void> {
  await journal.get(key);
  const leaseUntil = new Date(Date.now() + 30_000).toISOString();
  const updatedAt = new Date().toISOString();
  const claim = { kind: 'checkout', stage: 'sending', charged: 'unknown', params, updatedAt };
  await journal.claim!(key, { ...claim, leaseUntil, holder: 'h-123456', owner } as JournalRecord);
  const done = {
    ...claim,
    stage: 'done',
    charged: 'yes',
    result,
    owner,
  } as unknown as JournalRecord;
  await journal.setIfHeld!(key, done, { holder: 'h-123456', leases: [leaseUntil] });
}

const perCall: Record<'root' | 'this', number[]> = { root: [], this: [] };
const calls = Number(values.calls);
let next = 0;
for (let round = 0; round < Number(values.rounds); round++) {
  const side = round % 4 === 0 || round % 4 === 3 ? first : second;
  const journal = sides[side]();
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) await once(journal, `key-${next++}`);
  const used = process.cpuUsage(start);
  perCall[side].push((used.user + used.system) / calls);
}
for (const side of ['root', 'this'] as const) {
  const list = perCall[side];
  const span = `[${Math.min(...list).toFixed(2)}-${Math.max(...list).toFixed(2)}]`;
  console.log(`${side}: ${median(list).toFixed(2)} µs CPU per keyed call ${span}`);
}
