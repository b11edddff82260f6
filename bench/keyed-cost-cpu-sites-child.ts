// The measuring half of bench/keyed-cost-cpu-sites.ts: one arm's calls under V8's sampling CPU
// profiler, self time per call by the function that ran it, printed as JSON lines.
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subscribedClient } from './keyed-cost-subscriber.js';
import type { Side } from './keyed-cost-child.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const INTERVAL_US = 50;

/**
 * One arm's calls profiled. `inclusive`: each sample counted for every function on its stack (once
 * per function however deep its recursion), the time spent in and under each; else self time.
 */
export async function profileArm(
  side: Side,
  arm: string,
  calls: number,
  inclusive = false,
): Promise<void> {
  const { client, order } = await subscribedClient(side, 'cpu-sites@example.com');
  let next = 0;
  const dir = mkdtempSync(join(tmpdir(), 'keyed-cpu-sites-'));
  const file = arm === 'fileJournal' ? side.node.fileJournal(join(dir, 'j.db')) : undefined;
  let journal = side.seatpay.memoryJournal();
  const keyed = (extra: object) => () =>
    client.consumables.checkout({
      ...order,
      key: `k${next++}`,
      journal: file ?? journal,
      ...extra,
    });
  const call =
    arm === 'plain'
      ? () => client.consumables.checkout(order)
      : keyed(arm === 'identity' ? { identity: 'user-4711' } : {});
  for (let i = 0; i < 400; i++) await call(); // warm-up: compiled, caches filled
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  await session.post('Profiler.start');
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    // A memory journal anew every 200 calls (bench/keyed-cost-child.ts's rounds): the heap stays flat.
    if (i % 200 === 0) journal = side.seatpay.memoryJournal();
    await call();
  }
  const wall = performance.now() - started;
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  file?.close();
  rmSync(dir, { recursive: true, force: true });
  const nodes = profile.nodes as unknown as ProfileNode[];
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const siteOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return JSON.stringify([
      functionName || '(anonymous)',
      url.replace(/^.*\//, ''),
      lineNumber + 1,
    ]);
  };
  // Samples counted, each its interval's worth: a loaded machine's descheduled time (a long delta
  // given to whichever sample came next) is not charged to a function.
  const bySite = new Map<string, number>();
  (profile.samples ?? []).forEach((id) => {
    const sites = new Set([siteOf(id)]);
    for (let up = parentOf.get(id); inclusive && up !== undefined; up = parentOf.get(up)) {
      sites.add(siteOf(up));
    }
    for (const site of sites) bySite.set(site, (bySite.get(site) ?? 0) + INTERVAL_US / calls);
  });
  console.log(JSON.stringify({ wall: (wall * 1000) / calls }));
  for (const [site, us] of bySite) console.log(JSON.stringify({ site, us }));
}
