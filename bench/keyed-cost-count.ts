// The counting half of bench/keyed-cost-callgrind.ts: blocks of checkouts, plain and keyed, each
// between two process.cpuUsage() calls (where callgrind closes a part), everything collected
// before each block outside it. Prints the blocks' names, in order, as JSON on its last line.
import type { Side } from './keyed-cost-child.js';
import { subscribedClient } from './keyed-cost-subscriber.js';

declare const gc: ((options?: { type?: 'minor' | 'major' }) => void) | undefined;

export async function count(
  sides: Side[],
  {
    rounds,
    calls,
    warmup,
    collect = 'major',
    fresh = false,
  }: {
    rounds: number;
    calls: number;
    warmup: number;
    /** What is collected before each block, outside it (keyed-cost-child.ts: the young generation). */
    collect?: 'minor' | 'major';
    /** A new memoryJournal each round (keyed-cost-child.ts's way), not one for the whole run. */
    fresh?: boolean;
  },
): Promise<void> {
  const arms = await Promise.all(
    sides.map(async (side, index) => {
      const { client, order } = await subscribedClient(side, `count-${index}@example.com`);
      let next = 0;
      let journal = side.seatpay.memoryJournal();
      const key = () => `count-${index}-${next++}`;
      return {
        renew: () => (journal = side.seatpay.memoryJournal()),
        plain: () => client.consumables.checkout(order),
        memoryJournal: () => client.consumables.checkout({ ...order, key: key(), journal }),
        identity: () =>
          client.consumables.checkout({ ...order, key: key(), journal, identity: 'user-4711' }),
      };
    }),
  );
  const blocks: string[] = [];
  for (let round = 0; round < warmup + rounds; round++) {
    if (fresh) for (const arm of arms) arm.renew();
    for (let s = 0; s < sides.length; s++) {
      const side = (s + round) % sides.length;
      const names = ['plain', 'memoryJournal', 'identity', 'plain'] as const;
      for (const name of round % 2 ? [...names].reverse() : names) {
        gc?.({ type: collect });
        process.cpuUsage();
        for (let i = 0; i < calls; i++) await arms[side]![name]();
        process.cpuUsage();
        blocks.push(`${round < warmup ? 'warm-up ' : ''}${side} ${name}`);
      }
    }
  }
  console.log(JSON.stringify({ blocks }));
}
