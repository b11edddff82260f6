// The counting half of bench/keyed-cost-callgrind.ts: blocks of checkouts, plain and keyed, each
// between two process.cpuUsage() calls (where callgrind closes a part), everything collected
// before each block outside it. Prints the blocks' names, in order, as JSON on its last line.
import type { Side } from './keyed-cost-child.js';

declare const gc: (() => void) | undefined;

export async function count(
  sides: Side[],
  { rounds, calls, warmup }: { rounds: number; calls: number; warmup: number },
): Promise<void> {
  const arms = await Promise.all(
    sides.map(async ({ seatpay, mock }, index) => {
      const simulator = mock.createSimulator();
      const user = simulator.addUser({ email: `count-${index}@example.com` });
      const client = seatpay.createClient({
        baseUrl: 'http://simulator.test',
        token: user.token,
        logLevel: 'off',
        fetch: (input, init) => simulator.handle(new Request(input, init)),
      });
      const bought = await client.purchase({
        plan: 'team-per-team',
        team_seats: 2,
        card: { card_number: '4242424242424242', cvc: '123' },
        chosen_period: 'MONTH',
        pollInterval: 1,
      });
      const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
      let next = 0;
      const journal = seatpay.memoryJournal();
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
