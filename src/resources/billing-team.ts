import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { routes } from '../core/routes.js';
import { parseInput } from '../core/validate-input.js';
import {
  BillingTeamPatchSchema,
  BillingTeamReplaceSchema,
  BillingTeamSchema,
  type BillingTeam,
  type BillingTeamPatch,
  type BillingTeamReplace,
} from '../schemas/billing-team.js';
import { IdInputSchema } from '../schemas/common.js';

/** The billing team of a subscription: seats limit, consumption strategy and auto-recharge. Owner only. */
export class BillingTeams {
  constructor(private readonly core: HttpCore) {}

  /** @example const team = await client.billingTeam.get(sub.id); */
  async get(subscriptionId: number, options?: RequestOptions): Promise<BillingTeam> {
    const params = {
      subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
    };
    return this.core.request(
      { route: routes.getBillingTeam, params, response: BillingTeamSchema },
      options,
    );
  }

  /**
   * Changes some auto-recharge settings (PATCH).
   * @example await client.billingTeam.update(sub.id, { auto_recharge_enabled: true, recharge_amount: '10.00' });
   */
  async update(
    subscriptionId: number,
    patch: BillingTeamPatch,
    options?: RequestOptions,
  ): Promise<BillingTeam> {
    const params = {
      subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
    };
    const body = parseInput(BillingTeamPatchSchema, patch, 'patch');
    return this.core.request(
      { route: routes.updateBillingTeam, params, body, response: BillingTeamSchema },
      options,
    );
  }

  /**
   * Sets the whole auto-recharge configuration (PUT).
   * @example await client.billingTeam.replace(sub.id, { auto_recharge_enabled: true, recharge_threshold_amount: '5.00', recharge_amount: '10.00', max_period_spend: '50.00' });
   */
  async replace(
    subscriptionId: number,
    config: BillingTeamReplace,
    options?: RequestOptions,
  ): Promise<BillingTeam> {
    const params = {
      subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
    };
    const body = parseInput(BillingTeamReplaceSchema, config, 'config');
    return this.core.request(
      { route: routes.replaceBillingTeam, params, body, response: BillingTeamSchema },
      options,
    );
  }
}
