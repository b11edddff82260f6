import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { routes } from '../core/routes.js';
import { parseInput } from '../core/validate-input.js';
import {
  PayParamsSchema,
  PaymentSchema,
  type PayParams,
  type Payment,
} from '../schemas/payments.js';

/** Paying a bag. */
export class Pay {
  constructor(private readonly core: HttpCore) {}

  /**
   * Pays a bag. Never re-sent once it may have reached the service: an ambiguous failure rejects
   * with `mayHaveBeenProcessed: true`, and `subscriptions.waitFor` tells whether it went through.
   * @example const payment = await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
   */
  async bag(params: PayParams, options?: RequestOptions): Promise<Payment> {
    const body = parseInput(PayParamsSchema, params, 'params');
    return this.core.request({ route: routes.pay, body, response: PaymentSchema }, options);
  }
}
