// What keyed-cost-child.ts (measuring) and keyed-cost-count.ts (counting) both call with: a side's
// own simulator, an owner with a team subscription, the owner's client on that simulator in this
// process (no socket), and a one-unit consumable order. Kept apart from keyed-cost-child.ts, whose
// module wraps node:sqlite's statements when loaded: the counting run must not load that.
import type { Side } from './keyed-cost-child.js';
import { teamPurchase } from '../test/support/team-purchase.js';

export async function subscribedClient({ seatpay, mock }: Side, email: string) {
  const simulator = mock.createSimulator();
  const user = simulator.addUser({ email });
  // One client for every arm: plain and keyed calls share its set-up, hooks and secrets.
  const client = seatpay.createClient({
    baseUrl: 'http://simulator.test',
    token: user.token,
    logLevel: 'off',
    fetch: (input, init) => simulator.handle(new Request(input, init)),
  });
  const bought = await client.purchase(teamPurchase(1));
  const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
  return { client, order };
}
