import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import type { RequestOptions } from '../core/setup/options.js';
import { parseInput } from '../core/prepare/validate-input.js';
import type { BillingTeam, BillingTeamPatch, BillingTeamReplace } from '../schemas/billing-team.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import {
  BillingTeamPatchSchema,
  BillingTeamReplaceSchema,
  BillingTeamSchema,
  IdInputSchema,
} from './checks/billing-team.js';

/**
 * The billing team of a subscription: seats limit, consumption strategy and auto-recharge. Owner
 * only: anyone else gets `OwnerOnlyError`. Reached as `client.billingTeam`.
 *
 * @example
 * ```ts
 * const team = await client.billingTeam.get(sub.id);
 * if (!team.auto_recharge_enabled) {
 *   await client.billingTeam.update(sub.id, { auto_recharge_enabled: true });
 * }
 * ```
 * @category Resources
 */
export class BillingTeamResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const billingTeam = new BillingTeamResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * Reads the billing team of a subscription, in whichever shape the service answers (read
   * {@link spendingOf} for its cap and spend).
   *
   * @example
   * ```ts
   * const team = await client.billingTeam.get(sub.id);
   * console.log(team.consumption_strategy, `${team.seats_count}/${team.seats_limit} seats`);
   * ```
   */
  get(subscriptionId: number, options?: RequestOptions): APIPromise<BillingTeam> {
    return this.#send('getBillingTeam', subscriptionId, options);
  }

  /**
   * Changes some auto-recharge settings (PATCH); the fields left out keep their values. Under
   * `profile: 'deployed'` it is refused before sending (`InvalidRequestError`): that server has no
   * PATCH, so use {@link BillingTeamResource.replace | replace}.
   *
   * @example
   * ```ts
   * const team = await client.billingTeam.update(sub.id, {
   *   auto_recharge_enabled: true,
   *   recharge_threshold_amount: '5.00',
   *   recharge_amount: '10.00',
   *   max_monthly_spend: '50.00',
   * });
   * ```
   */
  update(
    subscriptionId: number,
    patch: BillingTeamPatch,
    options?: RequestOptions,
  ): APIPromise<BillingTeam> {
    return this.#send('updateBillingTeam', subscriptionId, options, () =>
      parseInput(BillingTeamPatchSchema, patch, 'patch'),
    );
  }

  /**
   * Sets the auto-recharge configuration (PUT), sending only the fields given;
   * `max_period_spend: null` removes the cap. SERVICE.md's PUT takes the whole configuration, so
   * under `profile: 'spec'` a missing field is refused before sending; the deployed server's PUT
   * is partial (`{}` answers the team unchanged), but it fails (an HTML 500, the team unchanged)
   * for any auto-recharge field, every time: under `profile: 'deployed'` a call with one is
   * refused before sending, with an `InvalidRequestError` that says so.
   *
   * @example
   * ```ts
   * await client.billingTeam.replace(sub.id, {
   *   auto_recharge_enabled: true,
   *   recharge_threshold_amount: '5.00',
   *   recharge_amount: '10.00',
   *   max_period_spend: '50.00',
   * });
   * ```
   */
  replace(
    subscriptionId: number,
    config: BillingTeamReplace,
    options?: RequestOptions,
  ): APIPromise<BillingTeam> {
    return this.#send('replaceBillingTeam', subscriptionId, options, () =>
      parseInput(BillingTeamReplaceSchema, config, 'config'),
    );
  }

  /**
   * A request about the team of `subscriptionId` by `route`, answered with the team: the id, and
   * the `body` when there is one (a configuration, read by its own schema), are checked before
   * sending.
   */
  #send(
    route: 'getBillingTeam' | 'updateBillingTeam' | 'replaceBillingTeam',
    subscriptionId: number,
    options?: RequestOptions,
    body?: () => unknown,
  ): APIPromise<BillingTeam> {
    return this.#core.request(
      null,
      () => {
        const params = {
          subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
        };
        return {
          route: this.#core.routes[route],
          params,
          ...(body === undefined ? {} : { body: body() }),
          response: BillingTeamSchema,
        };
      },
      options,
    );
  }
}
