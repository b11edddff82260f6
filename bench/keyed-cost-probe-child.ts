// The measuring half of bench/keyed-cost-probe.ts: see there.
import { PerformanceObserver, constants } from 'node:perf_hooks';
import type { Side } from './keyed-cost-child.js';
import { subscribedClient } from './keyed-cost-subscriber.js';

declare const gc: ((options?: { type?: 'minor' | 'major' }) => void) | undefined;

/** How many times each wrapped global ran while `counting` was on. */
const counts = new Map<string, number>();
let counting = false;
function wrap(owner: object, name: string, label: string): void {
  const original = (owner as Record<string, unknown>)[name];
  if (typeof original !== 'function') return;
  Object.defineProperty(owner, name, {
    configurable: true,
    writable: true,
    value: function (this: unknown, ...args: unknown[]) {
      if (counting) counts.set(label, (counts.get(label) ?? 0) + 1);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    },
  });
}
const subtle = globalThis.crypto.subtle;
const subtleProto = Object.getPrototypeOf(subtle) as object;
for (const name of [
  'digest',
  'sign',
  'verify',
  'importKey',
  'deriveBits',
  'deriveKey',
  'encrypt',
  'decrypt',
]) {
  wrap(subtleProto, name, `crypto.subtle.${name}`);
}
wrap(globalThis.crypto, 'getRandomValues', 'crypto.getRandomValues');
wrap(globalThis.crypto, 'randomUUID', 'crypto.randomUUID');
for (const name of [
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
  'clearTimeout',
  'clearInterval',
]) {
  wrap(globalThis, name, name);
}
wrap(performance, 'now', 'performance.now');
wrap(Date, 'now', 'Date.now');

/** The collector's pauses on the main thread while `counting` was on: ms and count, by kind. */
const pauses = { minorMs: 0, minor: 0, majorMs: 0, major: 0 };
const observer = new PerformanceObserver((list) => {
  if (!counting) return;
  for (const entry of list.getEntries()) {
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      pauses.minor++;
      pauses.minorMs += entry.duration;
    } else {
      pauses.major++;
      pauses.majorMs += entry.duration;
    }
  }
});

interface Settings {
  rounds: number;
  calls: number;
  /** What is collected before each block, outside it: the young generation, or everything. */
  collect: 'minor' | 'major';
  /** Whether the collector's pauses are watched (a PerformanceObserver, which costs CPU itself). */
  pauses: boolean;
  /** One memoryJournal for the whole run (keyed-cost-count.ts's way), not one per round. */
  shared: boolean;
  /** The arms run (all if empty): one alone, for a CPU profile of that arm (--cpu-prof). */
  arms: string[];
}

interface Tally {
  user: number;
  system: number;
  voluntary: number;
  involuntary: number;
  wallMs: number;
  calls: number;
  minorMs: number;
  minor: number;
  majorMs: number;
  major: number;
  counted: Map<string, number>;
}

export async function probe(
  side: Side,
  { rounds, calls, collect, pauses: watchPauses, shared, arms: only }: Settings,
) {
  if (watchPauses) observer.observe({ entryTypes: ['gc'] });
  const { client, order } = await subscribedClient(side, 'probe@example.com');
  let next = 0;
  const key = () => `probe-${process.pid}-${next++}`;
  let journal = side.seatpay.memoryJournal();
  /** What `plainRetaining` keeps, anew each round as the journals are. */
  let kept: string[] = [];
  const arms: Record<string, () => Promise<unknown>> = {
    plain: () => client.consumables.checkout(order),
    // A control, not a default arm: plain, then keeps about what a memoryJournal record weighs
    // (a JSON text of ~2 KB): does keeping it alone cost a plain call what a key does?
    plainRetaining: async () => {
      const answer = await client.consumables.checkout(order);
      kept.push(JSON.stringify({ answer, order, pad: 'x'.repeat(1500) }));
      return answer;
    },
    memoryJournal: () => client.consumables.checkout({ ...order, key: key(), journal }),
    identity: () =>
      client.consumables.checkout({ ...order, key: key(), journal, identity: 'user-4711' }),
  };
  const tallies = new Map<string, Tally>();
  const names = only.length ? only : ['plain', 'memoryJournal', 'identity'];
  for (let round = 0; round < rounds + 1; round++) {
    if (!shared) journal = side.seatpay.memoryJournal();
    kept = [];
    for (const name of round % 2 ? [...names].reverse() : names) {
      gc?.({ type: collect });
      counts.clear();
      Object.assign(pauses, { minorMs: 0, minor: 0, majorMs: 0, major: 0 });
      const usage = process.resourceUsage();
      const cpu = process.cpuUsage();
      const started = performance.now();
      counting = true;
      for (let i = 0; i < calls; i++) await arms[name]!();
      // The observer is told of the block's last collections on a later turn.
      await new Promise((resolve) => setImmediate(resolve));
      counting = false;
      const wallMs = performance.now() - started;
      const spent = process.cpuUsage(cpu);
      const after = process.resourceUsage();
      if (round === 0) continue; // warm-up
      const tally =
        tallies.get(name) ??
        tallies
          .set(name, {
            user: 0,
            system: 0,
            voluntary: 0,
            involuntary: 0,
            wallMs: 0,
            calls: 0,
            minorMs: 0,
            minor: 0,
            majorMs: 0,
            major: 0,
            counted: new Map(),
          })
          .get(name)!;
      tally.user += spent.user;
      tally.system += spent.system;
      tally.voluntary += after.voluntaryContextSwitches - usage.voluntaryContextSwitches;
      tally.involuntary += after.involuntaryContextSwitches - usage.involuntaryContextSwitches;
      tally.wallMs += wallMs;
      tally.calls += calls;
      tally.minorMs += pauses.minorMs;
      tally.minor += pauses.minor;
      tally.majorMs += pauses.majorMs;
      tally.major += pauses.major;
      for (const [label, n] of counts)
        tally.counted.set(label, (tally.counted.get(label) ?? 0) + n);
    }
  }
  console.log(`${rounds} rounds x ${calls} calls per arm (+1 warm-up round)`);
  console.log(
    '| arm | user us/call | system us/call | CPU us/call | x plain | wall us/call | vol. cs/call | invol. cs/call | scavenges per 100 calls | scavenge us/call | major GCs per 100 calls | major GC us/call |',
  );
  console.log(
    '| --- | ------------ | -------------- | ----------- | ------- | ------------ | ------------ | -------------- | --- | --- | --- | --- |',
  );
  const plain = tallies.get('plain') ?? tallies.get(names[0]!)!;
  const per = (t: Tally, v: number) => (v / t.calls).toFixed(1);
  for (const [name, t] of tallies) {
    const cpu = (t.user + t.system) / t.calls;
    console.log(
      `| ${name} | ${per(t, t.user)} | ${per(t, t.system)} | ${cpu.toFixed(1)} | ${(cpu / ((plain.user + plain.system) / plain.calls)).toFixed(2)} | ${per(t, t.wallMs * 1000)} | ${per(t, t.voluntary)} | ${per(t, t.involuntary)} | ${((100 * t.minor) / t.calls).toFixed(1)} | ${per(t, t.minorMs * 1000)} | ${((100 * t.major) / t.calls).toFixed(1)} | ${per(t, t.majorMs * 1000)} |`,
    );
  }
  const labels = [...new Set([...tallies.values()].flatMap((t) => [...t.counted.keys()]))].sort();
  console.log('\ncalls per checkout');
  console.log(`| global | ${names.join(' | ')} |`);
  console.log(`| --- | ${names.map(() => '---').join(' | ')} |`);
  for (const label of labels) {
    console.log(
      `| ${label} | ${names.map((n) => ((tallies.get(n)!.counted.get(label) ?? 0) / tallies.get(n)!.calls).toFixed(2)).join(' | ')} |`,
    );
  }
}
