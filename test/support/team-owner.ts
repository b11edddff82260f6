import { createClient, type SeatpayClient } from '../../src/index.js';
import type { MockServer, MockUser } from '../../src/mock/index.js';

export interface TeamOwner {
  owner: MockUser;
  /** The owner's client of `server`, no log lines. */
  client: SeatpayClient;
  /** The id of the team subscription the owner bought. */
  subscription: number;
  /** How many consumable checkouts the simulator charged the owner so far. */
  checkouts(): number;
}

/** A new owner (`email`) on `server` who bought a two-seat team subscription. */
export async function teamOwner(server: MockServer, email: string): Promise<TeamOwner> {
  const owner = server.simulator.addUser({ email });
  const client = createClient({ baseUrl: server.url, token: owner.token, logLevel: 'off' });
  const bought = await client.purchase({
    plan: 'team-per-team',
    team_seats: 2,
    card: { card_number: '4242424242424242', cvc: '123' },
    chosen_period: 'MONTH',
    pollInterval: 5,
  });
  const checkouts = () =>
    server.simulator.charges.filter((c) => c.kind === 'consumable-checkout' && c.user === owner.id)
      .length;
  return { owner, client, subscription: bought.subscription.id, checkouts };
}
