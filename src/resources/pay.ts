import { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import type { RequestOptions } from '../core/setup/options.js';
import { parseInput } from '../core/prepare/validate-input.js';
import type { PayParams, Payment } from '../schemas/payments.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import { PayParamsSchema, PaymentSchema } from './checks/pay.js';
import { orderFieldError, unkeyedPayError } from './misplaced-key.js';
import { moneyCall } from './money-call.js';
import { nestedOptionsRefusal } from './nested-request-options.js';
import { misspeltOrderField } from './misspelt-order-field.js';

/**
 * Paying a bag. Reached as `client.pay`; `client.purchase` runs the whole flow around it.
 *
 * @example
 * ```ts
 * const bag = await client.checking.bag({ plans: [plan.id!], team_seats: 3 });
 * await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
 * ```
 * @category Resources
 */
export class PayResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const pay = new PayResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * Pays a bag. Never re-sent once it may have reached the service: an ambiguous failure rejects
   * with `mayHaveBeenProcessed: true`, and `subscriptions.waitFor` tells whether it went through.
   * A declined card rejects with `PaymentRequiredError` (402). The deployed server requires
   * `payment_method_id` whenever the amount is above 0. It takes no key: a `key`, `journal` or
   * `identity` given (from JavaScript) is refused with `InvalidRequestError`, nothing sent, as is a
   * request option (`timeout`...) or an `idempotencyKey` in `params`; for a payment made once per
   * key, use `client.purchase({ ..., key, journal })`.
   *
   * @example
   * ```ts
   * const payment = await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
   * console.log(payment.amount, payment.status);
   * ```
   */
  bag(params: PayParams, options?: RequestOptions): APIPromise<Payment> {
    // eslint-disable-next-line prefer-rest-params -- no third parameter: refused (moneyCall)
    const args = [params, options, arguments[2]] as const;
    return moneyCall(this.#core, 'pay.bag', args, (order, options) => {
      const refusal =
        unkeyedPayError(order, options) ??
        nestedOptionsRefusal(order, 'pay.bag') ??
        orderFieldError(order, options, 'pay.bag') ??
        misspeltOrderField(order, 'pay.bag');
      if (refusal) return refusal;
      return this.#core.request(
        null,
        () => {
          const body = parseInput(PayParamsSchema, order, 'params');
          return { route: this.#core.routes.pay, body, response: PaymentSchema };
        },
        options,
      );
    });
  }
}
