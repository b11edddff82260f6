import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import type { RequestOptions } from '../core/setup/options.js';
import { parseInput } from '../core/prepare/validate-input.js';
import { flattenConsumables } from '../helpers/flatten-consumables.js';
import {
  CheckoutParamsSchema,
  CheckoutResultSchema,
  ConsumableListSchema,
  type CheckoutParams,
  type CheckoutResult,
  type Consumable,
  type ConsumableList,
} from '../schemas/consumables.js';

/**
 * What the caller may consume, and buying more. Reached as `client.consumables`.
 *
 * @example
 * ```ts
 * const items = await client.consumables.items();
 * await client.consumables.checkout({ service: 'ai-credits', how_many: 10, subscription: sub.id });
 * ```
 * @category Resources
 */
export class ConsumablesResource {
  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const consumables = new ConsumablesResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(private readonly core: HttpCore) {}

  /**
   * The listing as the service shapes it (a plain array, `{ consumables }`, or groups of
   * resources); {@link ConsumablesResource.items | items} flattens any of them.
   *
   * @example
   * ```ts
   * const listing = await client.consumables.list();
   * ```
   */
  list(options?: RequestOptions): APIPromise<ConsumableList> {
    return this.core.request(
      () => ({ route: this.core.routes.listConsumables, response: ConsumableListSchema }),
      options,
    );
  }

  /**
   * Every consumable once, whatever shape the listing came in.
   *
   * @example
   * ```ts
   * const items = await client.consumables.items();
   * const unlimited = items.filter((item) => item.how_many === -1);
   * ```
   */
  async items(options?: RequestOptions): Promise<Consumable[]> {
    return flattenConsumables(await this.list(options));
  }

  /**
   * Buys units of a service (or seats, for the seat service). Charged to the owner; never re-sent
   * once it may have reached the service. SERVICE.md takes the service's slug and always a
   * `subscription` (refused before sending without one under `profile: 'spec'`); the deployed
   * server also takes the service's id, needs `subscription` only for the seat service (other
   * units are the buyer's own, listed in the invoice's `standalone_consumables`) and requires
   * `academy`.
   *
   * @example
   * ```ts
   * const receipt = await client.consumables.checkout({
   *   service: 'ai-credits',
   *   how_many: 10,
   *   subscription: sub.id,
   * });
   * ```
   */
  checkout(params: CheckoutParams, options?: RequestOptions): APIPromise<CheckoutResult> {
    return this.core.request(() => {
      const body = parseInput(CheckoutParamsSchema, params, 'params');
      return { route: this.core.routes.consumableCheckout, body, response: CheckoutResultSchema };
    }, options);
  }
}
