import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import type { RequestOptions } from '../core/setup/options.js';
import { parseInput } from '../core/prepare/validate-input.js';
import type { CardParams, CardResult } from '../schemas/payments.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import { CardParamsSchema, CardResultSchema } from './checks/card.js';

/**
 * The payment card of the caller, which `pay.bag` charges. Reached as `client.card`.
 *
 * @example
 * ```ts
 * await client.card.register({ card_number: '4242424242424242', cvc: '123' });
 * ```
 * @category Resources
 */
export class CardResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const card = new CardResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * Registers the card used by `pay.bag`. The number and CVC never appear in errors or logs.
   *
   * @example
   * ```ts
   * await client.card.register({
   *   card_number: '4242424242424242',
   *   cvc: '123',
   *   exp_month: '12',
   *   exp_year: '2030',
   * });
   * ```
   */
  register(card: CardParams, options?: RequestOptions): APIPromise<CardResult> {
    return this.#core.request(
      null,
      () => {
        const body = parseInput(CardParamsSchema, card, 'card');
        const secrets = [body.card_number, body.cvc];
        return {
          route: this.#core.routes.registerCard,
          body,
          secrets,
          response: CardResultSchema,
        };
      },
      options,
    );
  }
}
