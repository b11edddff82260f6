// The measuring half of bench/keyed-cost-sites.ts: one arm's calls under V8's sampling heap
// profiler (every object counted, the young generation's garbage too), bytes per call by the
// function that allocated them, printed as JSON lines.
import { Session } from 'node:inspector/promises';
import { subscribedClient } from './keyed-cost-subscriber.js';
import type { Side } from './keyed-cost-child.js';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

export async function profileArm(side: Side, arm: string, calls: number): Promise<void> {
  const { client, order } = await subscribedClient(side, 'allocation-sites@example.com');
  let next = 0;
  const journal = side.seatpay.memoryJournal();
  const call =
    arm === 'plain'
      ? () => client.consumables.checkout(order)
      : () => client.consumables.checkout({ ...order, key: `k${next++}`, journal });
  for (let i = 0; i < 400; i++) await call(); // warm-up: compiled, caches filled
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < calls; i++) await call();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const bySite = new Map<string, number>();
  const walk = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
    if (node.selfSize) bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize / calls);
    for (const child of node.children) walk(child);
  };
  walk(profile.head as unknown as ProfileNode);
  for (const [site, bytes] of bySite) console.log(JSON.stringify({ site, bytes }));
}
