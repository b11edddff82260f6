import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import { LazyModule } from '../core/lazy-module.js';
import type { RequestOptions } from '../core/setup/options.js';
import type { WaitForOptions } from '../helpers/wait-for-subscription.js';
import type { Subscription, SubscriptionList } from '../schemas/subscriptions.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import { SubscriptionListSchema } from './checks/subscriptions.js';
// The poller, loaded on first use in a chunk of its own (client.preload() loads it ahead).
const waitForModule = /* @__PURE__ */ new LazyModule(
  () => import('../helpers/wait-for-subscription.js'),
);

/**
 * The caller's subscriptions. Reached as `client.subscriptions`.
 *
 * @example
 * ```ts
 * const before = (await client.subscriptions.list()).subscriptions.map((s) => s.id);
 * // ... pay ...
 * const sub = await client.subscriptions.waitFor({ exclude: before });
 * ```
 * @category Resources
 */
export class SubscriptionsResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const subscriptions = new SubscriptionsResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * Lists the caller's subscriptions.
   *
   * @example
   * ```ts
   * const { subscriptions } = await client.subscriptions.list();
   * ```
   */
  list(options?: RequestOptions): APIPromise<SubscriptionList> {
    return this.#core.request(
      null,
      () => ({
        route: this.#core.routes.listSubscriptions,
        response: SubscriptionListSchema,
      }),
      options,
    );
  }

  /**
   * Polls the listing until a subscription appears that is not in `exclude`, is usable and
   * satisfies `match`: paid subscriptions are created asynchronously, and the deployed server lists
   * a team subscription a few seconds before its billing team exists (`has_billing_team: false`
   * while the bag it was paid with bought seats): such a one is passed over until its team is
   * built. A poll that fails transiently does not end the wait; running out of time rejects with
   * `SubscriptionTimeoutError`.
   *
   * @example
   * ```ts
   * const sub = await client.subscriptions.waitFor({ exclude: before, timeout: 120_000 });
   * ```
   */
  waitFor(options: WaitForOptions): Promise<Subscription> {
    // `lastListing` is an answer, not redacted when it came: a listing polled after the card went
    // out may echo it, or the token. The poller loads on first use, in a chunk of its own.
    return waitForModule
      .load({ signal: options?.signal })
      .then(({ waitForSubscription }) =>
        // Arguments after the options from JavaScript (`{ signal }`, as other calls take one, and
        // one after that: `waitFor(options, {}, signal)`): refused there.
        // eslint-disable-next-line prefer-rest-params -- no second parameter in the public signature
        waitForSubscription(this, options, this.#core.totalTimeout, ...[...arguments].slice(1)),
      )
      .catch((error: unknown) => {
        // What `onPoll` or `match` threw is the cause of a SeatpayError, never thrown as it is.
        throw this.#core.scrub(error);
      });
  }
}
