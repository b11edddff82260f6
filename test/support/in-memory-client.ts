import { createClient, type ClientOptions, type SeatpayClient } from '../../src/index.js';
import { createSimulator, type Simulator } from '../../src/mock/index.js';

/**
 * A client of `simulator` in this process, with no socket: every request goes to
 * `simulator.handle`. No retries and no log lines unless `options` says otherwise.
 */
export function inMemoryClient(
  simulator: Simulator,
  token: string,
  options: Partial<ClientOptions> = {},
): SeatpayClient {
  return createClient({
    baseUrl: 'http://simulator.test',
    token,
    maxRetries: 0,
    logLevel: 'off',
    fetch: (input, init) => simulator.handle(new Request(input, init)),
    ...options,
  });
}

/**
 * A new simulator with an owner (`email`) who bought a team subscription, the owner's in-memory
 * client, a consumable order on that subscription, and how many checkouts were charged so far.
 */
export async function inMemorySubscriber(email: string) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email });
  const client = inMemoryClient(simulator, user.token);
  const { subscription } = await client.purchase({
    plan: 'team-per-team',
    team_seats: 2,
    card: { card_number: '4242424242424242', cvc: '123' },
    chosen_period: 'MONTH',
    pollInterval: 1,
  });
  const charges = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout').length;
  const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
  return { simulator, client, order, charges };
}
