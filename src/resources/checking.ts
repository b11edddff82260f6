import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { routes } from '../core/routes.js';
import { parseInput } from '../core/validate-input.js';
import {
  BagSchema,
  CheckingParamsSchema,
  CheckingSchema,
  type Bag,
  type Checking,
  type CheckingParams,
} from '../schemas/payments.js';

/** Pricing plans for a seat count, and creating the bag that is then paid. */
export class CheckingResource {
  constructor(private readonly core: HttpCore) {}

  /**
   * Prices plans for a seat count without creating a bag to pay.
   * @example const preview = await client.checking.preview({ plans: [plan.id], team_seats: 3 });
   */
  async preview(params: CheckingParams, options?: RequestOptions): Promise<Checking> {
    const body = { ...parseInput(CheckingParamsSchema, params, 'params'), type: 'PREVIEW' };
    return this.core.request({ route: routes.checking, body, response: CheckingSchema }, options);
  }

  /**
   * Creates a bag; its `token` is what `pay.bag` takes. Not retried unless it cannot have been processed.
   * @example const bag = await client.checking.bag({ plans: [plan.id], team_seats: 3 });
   */
  async bag(params: CheckingParams, options?: RequestOptions): Promise<Bag> {
    const body = { ...parseInput(CheckingParamsSchema, params, 'params'), type: 'BAG' };
    return this.core.request({ route: routes.checking, body, response: BagSchema }, options);
  }
}
