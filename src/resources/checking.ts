import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import type { RequestOptions } from '../core/setup/options.js';
import { parseInput } from '../core/prepare/validate-input.js';
import type { Bag, Checking, CheckingParams } from '../schemas/checking.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import { BagSchema, CheckingParamsSchema, CheckingSchema } from './checks/checking.js';

/**
 * Pricing plans for a seat count, and creating the bag that is then paid. Reached as
 * `client.checking`.
 *
 * @example
 * ```ts
 * const plan = await client.plans.get('team-per-seat');
 * const preview = await client.checking.preview({ plans: [plan.id!], team_seats: 3 });
 * const bag = await client.checking.bag({ plans: [plan.id!], team_seats: 3 });
 * ```
 * @category Resources
 */
export class CheckingResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const checking = new CheckingResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * Prices plans for a seat count without creating a bag to pay.
   *
   * @example
   * ```ts
   * const preview = await client.checking.preview({ plans: [plan.id!], team_seats: 3 });
   * console.log('per month:', preview.amount_per_month); // a decimal string, e.g. "89.97"
   * ```
   */
  preview(params: CheckingParams, options?: RequestOptions): APIPromise<Checking> {
    return this.#core.request(
      null,
      () => {
        const body = parseInput(CheckingParamsSchema, params, 'params'); // the route adds `type`
        return { route: this.#core.routes.checking, body, response: CheckingSchema };
      },
      options,
    );
  }

  /**
   * Creates a bag; its `token` is what `pay.bag` takes. Not retried unless it cannot have been processed.
   *
   * @example
   * ```ts
   * const bag = await client.checking.bag({ plans: [plan.id!], team_seats: 3 });
   * await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
   * ```
   */
  bag(params: CheckingParams, options?: RequestOptions): APIPromise<Bag> {
    return this.#core.request(
      null,
      () => {
        const body = parseInput(CheckingParamsSchema, params, 'params'); // the route adds `type`
        return { route: this.#core.routes.createBag, body, response: BagSchema };
      },
      options,
    );
  }
}
