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
