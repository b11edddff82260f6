import {
  createClient,
  type CheckoutParams,
  type ClientOptions,
  type SeatpayClient,
} from '../../src/index.js';
import { createSimulator, type MockServer, type MockUser } from '../../src/mock/index.js';
import { checkoutGate } from './checkout-gate.js';
import { inMemoryClient } from './in-memory-client.js';
import { teamPurchase } from './team-purchase.js';

export interface TeamOwner {
  owner: MockUser;
  /** The owner's client of `server`, no log lines (and the `options` it was given). */
  client: SeatpayClient;
  /** The id of the team subscription the owner bought. */
  subscription: number;
  /** How many consumable checkouts the simulator charged the owner so far. */
  checkouts(): number;
  /** How many charges of `kind` (`payment`, `consumable-checkout`...) the owner had so far. */
  charges(kind: string): number;
}

/** A new owner (`email`) on `server` who bought a two-seat team subscription. */
export async function teamOwner(
  server: MockServer,
  email: string,
  options: Partial<ClientOptions> = {},
): Promise<TeamOwner> {
  const owner = server.simulator.addUser({ email });
  const client = createClient({
    baseUrl: server.url,
    token: owner.token,
    logLevel: 'off',
    ...options,
  });
  const bought = await client.purchase(teamPurchase(5));
  const charges = (kind: string) =>
    server.simulator.charges.filter((c) => c.kind === kind && c.user === owner.id).length;
  const checkouts = () => charges('consumable-checkout');
  return { owner, client, subscription: bought.subscription.id, checkouts, charges };
}

/** A client of `server` for `user`, retrying at once (1 ms), no log lines, with `options`. */
export function userClient(
  server: MockServer,
  user: MockUser,
  options: Partial<ClientOptions> = {},
): SeatpayClient {
  return createClient({
    baseUrl: server.url,
    token: user.token,
    retryBaseDelay: 1,
    logLevel: 'off',
    ...options,
  });
}

/**
 * A new owner (`email`) on `server` as {@link teamOwner} makes one, whose client retries at once
 * (1 ms), and the order of 5 AI credits for its subscription.
 */
export async function creditsOwner(server: MockServer, email: string) {
  const { owner, client, subscription, charges } = await teamOwner(server, email, {
    retryBaseDelay: 1,
  });
  const order: CheckoutParams = { service: 'ai-credits', how_many: 5, subscription };
  return { user: owner, client, order, charges };
}

/**
 * A new simulator with an owner (`email`) who bought a two-seat team subscription, the owner's
 * in-memory client, whose checkout requests go through `gate` (to hold them when the test says),
 * a consumable order on that subscription, and how many checkouts were charged so far.
 */
export async function inMemorySubscriber(email: string) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email });
  const gate = checkoutGate(simulator);
  const client = inMemoryClient(simulator, user.token, { fetch: gate.fetch });
  const { subscription } = await client.purchase(teamPurchase(1));
  const charges = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout').length;
  const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
  return { simulator, token: user.token, client, gate, order, charges };
}
