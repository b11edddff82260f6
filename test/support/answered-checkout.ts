// A paid client whose consumable checkouts the test answers itself: how the secret-hiding tests
// put a card number or a CVC into what the service says, then look for it in what a user sees.
import type { APIError, ClientOptions } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from './in-memory-client.js';
import { teamPurchase } from './team-purchase.js';

/** What the service answers a checkout once the card went out, from the simulator's own answer. */
export type CheckoutAnswer = (simulated: Response) => Promise<Response>;

/**
 * A client of a new simulator whose user (`email`) bought a two-seat team subscription with
 * `card`, and an order of one AI credit on it. Its checkouts are answered by `checkout.answer` once
 * the test sets it (by the simulator else); with `log`, it logs every level into it.
 */
export async function answeredCheckoutClient(
  email: string,
  card: { card_number: string; cvc: string },
  checkout: { answer?: CheckoutAnswer },
  log?: unknown[][],
) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email });
  const keep = (...line: unknown[]) => void log?.push(line);
  const logging: Partial<ClientOptions> = log
    ? { logLevel: 'debug', logger: { debug: keep, info: keep, warn: keep, error: keep } }
    : {};
  const client = inMemoryClient(simulator, user.token, {
    ...logging,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const response = await simulator.handle(request);
      const { answer } = checkout;
      return answer && request.url.endsWith('/consumable/checkout') ? answer(response) : response;
    },
  });
  const bought = await client.purchase(teamPurchase(1, card));
  const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
  return { client, order };
}

/** All a user sees of an `APIError` and the `log` it left: message, printing, JSON, body, lines. */
export function shownOf(error: unknown, log: unknown[][]): string {
  return [
    (error as Error).message,
    String(error),
    JSON.stringify(error),
    JSON.stringify((error as APIError).body),
    JSON.stringify(log),
  ].join('\n');
}
