// The counting half of bench/keyed-cost-callgrind.ts: blocks of checkouts, plain and keyed, each
// between two process.cpuUsage() calls (where callgrind closes a part), everything collected
// before each block outside it. Prints the blocks' names, in order, as JSON on its last line.
import type { Side } from './keyed-cost-child.js';
import { subscribedClient } from './keyed-cost-subscriber.js';

declare const gc: (() => void) | undefined;

export async function count(
  sides: Side[],
  { rounds, calls, warmup }: { rounds: number; calls: number; warmup: number },
): Promise<void> {
  const arms = await Promise.all(
    sides.map(async (side, index) => {
      const { client, order } = await subscribedClient(side, `count-${index}@example.com`);
      let next = 0;
      const journal = side.seatpay.memoryJournal();
      const key = () => `count-${index}-${next++}`;
      return {
        plain: () => client.consumables.checkout(order),
        memoryJournal: () => client.consumables.checkout({ ...order, key: key(), journal }),
        identity: () =>
          client.consumables.checkout({ ...order, key: key(), journal, identity: 'user-4711' }),
      };
    }),
  );
  const blocks: string[] = [];
  for (let round = 0; round < warmup + rounds; round++) {
    for (let s = 0; s < sides.length; s++) {
      const side = (s + round) % sides.length;
      const names = ['plain', 'memoryJournal', 'identity', 'plain'] as const;
      for (const name of round % 2 ? [...names].reverse() : names) {
        gc?.();
        process.cpuUsage();
        for (let i = 0; i < calls; i++) await arms[side]![name]();
        process.cpuUsage();
        blocks.push(`${round < warmup ? 'warm-up ' : ''}${side} ${name}`);
      }
    }
  }
  console.log(JSON.stringify({ blocks }));
}
