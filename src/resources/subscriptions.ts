import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { routes } from '../core/routes.js';
import { waitForSubscription, type WaitForOptions } from '../helpers/wait-for-subscription.js';
import {
  SubscriptionListSchema,
  type Subscription,
  type SubscriptionList,
} from '../schemas/subscriptions.js';

/** The caller's subscriptions. */
export class Subscriptions {
  constructor(private readonly core: HttpCore) {}

  /** @example const { subscriptions } = await client.subscriptions.list(); */
  async list(options?: RequestOptions): Promise<SubscriptionList> {
    return this.core.request(
      { route: routes.listSubscriptions, response: SubscriptionListSchema },
      options,
    );
  }

  /**
   * Polls the listing until a subscription appears that is not in `exclude` and satisfies `match`:
   * paid subscriptions are created asynchronously.
   * @example const sub = await client.subscriptions.waitFor({ exclude: before, timeout: 120_000 });
   */
  waitFor(options: WaitForOptions = {}): Promise<Subscription> {
    return waitForSubscription(this, options);
  }
}
