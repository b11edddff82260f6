import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import type { RequestOptions } from '../core/setup/options.js';
import { parseInput } from '../core/prepare/validate-input.js';

import type { Plan } from '../schemas/payments.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import { NonEmptyStringSchema, PlanSchema } from './checks/plans.js';

/**
 * The plans for sale. Reached as `client.plans`.
 *
 * @example
 * ```ts
 * const plan = await client.plans.get('team-per-seat');
 * ```
 * @category Resources
 */
export class PlansResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const plans = new PlansResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * Reads a plan by its slug; an unknown slug rejects with `NotFoundError`.
   *
   * @example
   * ```ts
   * const plan = await client.plans.get('team-per-seat');
   * console.log(plan.id, plan.price_per_month); // the id is what checking takes in `plans`
   * ```
   */
  get(slug: string, options?: RequestOptions): APIPromise<Plan> {
    return this.#core.request(
      null,
      () => {
        const plan_slug = parseInput(NonEmptyStringSchema, slug, 'plan_slug');
        return {
          route: this.#core.routes.getPlan,
          params: { plan_slug },
          response: PlanSchema,
        };
      },
      options,
    );
  }
}
