import { InvalidRequestError } from './core/errors/validation-errors.js';
import { HttpCore } from './core/http.js';
import type { ClientOptions } from './core/options.js';
import { purchase, type PurchaseOptions, type PurchaseResult } from './helpers/purchase.js';
import { BillingTeams } from './resources/billing-team.js';
import { Card } from './resources/card.js';
import { CheckingResource } from './resources/checking.js';
import { Consumables } from './resources/consumables.js';
import { Media } from './resources/media.js';
import { Pay } from './resources/pay.js';
import { Plans } from './resources/plans.js';
import { Seats } from './resources/seats.js';
import { Subscriptions } from './resources/subscriptions.js';

/** The seatpay client: one resource per family of SERVICE.md, all sharing one request path. */
export class SeatpayClient {
  readonly plans: Plans;
  readonly checking: CheckingResource;
  readonly card: Card;
  readonly pay: Pay;
  readonly subscriptions: Subscriptions;
  readonly billingTeam: BillingTeams;
  readonly seats: Seats;
  readonly consumables: Consumables;
  readonly media: Media;

  constructor(options: ClientOptions) {
    checkOptions(options);
    const core = new HttpCore(options);
    this.plans = new Plans(core);
    this.checking = new CheckingResource(core);
    this.card = new Card(core);
    this.pay = new Pay(core);
    this.subscriptions = new Subscriptions(core);
    this.billingTeam = new BillingTeams(core);
    this.seats = new Seats(core);
    this.consumables = new Consumables(core);
    this.media = new Media(core);
  }

  /**
   * Buys a plan end to end and waits for the subscription; never pays twice.
   * @example const { subscription } = await client.purchase({ plan: 'team-per-seat', team_seats: 3, card, chosen_period: 'MONTH' });
   */
  purchase(options: PurchaseOptions): Promise<PurchaseResult> {
    return purchase(this, options);
  }
}

/**
 * Creates a client.
 * @example
 * const client = createClient({ baseUrl: 'https://api.example.com', token: process.env.SEATPAY_TOKEN! });
 */
export function createClient(options: ClientOptions): SeatpayClient {
  return new SeatpayClient(options);
}

/** Rejects unusable options at once, before any request: a wrong base URL or a missing token. */
function checkOptions(options: ClientOptions): void {
  if (!options || typeof options !== 'object')
    throw new InvalidRequestError('createClient needs an options object');
  let url: URL | undefined;
  try {
    url = new URL(String(options.baseUrl));
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidRequestError('Invalid baseUrl: must be an absolute http(s) URL', {
      field: 'baseUrl',
    });
  }
  const { token } = options;
  if (!(typeof token === 'function' || (typeof token === 'string' && token.length > 0))) {
    throw new InvalidRequestError(
      'Invalid token: must be a non-empty string or a function returning one',
      { field: 'token' },
    );
  }
  for (const name of ['timeout', 'maxRetries', 'maxRetryDelay', 'retryBaseDelay'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      throw new InvalidRequestError(`Invalid ${name}: must be a number >= 0`, { field: name });
    }
  }
}
