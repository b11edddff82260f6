import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { routes } from '../core/routes.js';
import { parseInput } from '../core/validate-input.js';
import { NonEmptyStringSchema } from '../schemas/common.js';
import { PlanSchema, type Plan } from '../schemas/payments.js';

/** Plans for sale. */
export class Plans {
  constructor(private readonly core: HttpCore) {}

  /**
   * Reads a plan by its slug.
   * @example const plan = await client.plans.get('team-per-seat');
   */
  async get(slug: string, options?: RequestOptions): Promise<Plan> {
    const plan_slug = parseInput(NonEmptyStringSchema, slug, 'plan_slug');
    return this.core.request(
      { route: routes.getPlan, params: { plan_slug }, response: PlanSchema },
      options,
    );
  }
}
