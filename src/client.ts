import { createCore } from './core/create-core.js';
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

/**
 * The seatpay client: one resource per family of SERVICE.md, all sharing one request path (auth,
 * timeouts, retries, validation, typed errors). Made by {@link createClient}.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: 'https://api.example.com', token: process.env.SEATPAY_TOKEN! });
 * const subscriptions = await client.subscriptions.list();
 * ```
 */
export class SeatpayClient {
  /** Plans for sale: `get(slug)`. */
  readonly plans: Plans;
  /** Priced previews and bags of plans before paying. */
  readonly checking: CheckingResource;
  /** The card used to pay. */
  readonly card: Card;
  /** Paying a bag: never re-sent once it may have been processed. */
  readonly pay: Pay;
  /** The caller's subscriptions, and `waitFor` the one a payment creates. */
  readonly subscriptions: Subscriptions;
  /** A subscription's billing team: seat limit, auto-recharge and spending. */
  readonly billingTeam: BillingTeams;
  /** The billing team's seats: list, add, replace, remove (owner only). */
  readonly seats: Seats;
  /** Consumables held, and buying more. */
  readonly consumables: Consumables;
  /** Operation types, chunks, finalize, and the chunked `upload`. */
  readonly media: Media;

  constructor(options: ClientOptions) {
    const core = createCore(options);
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
   *
   * @example
   * ```ts
   * const { subscription } = await client.purchase({
   *   plan: 'team-per-seat',
   *   team_seats: 3,
   *   card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' },
   *   chosen_period: 'MONTH',
   * });
   * ```
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
