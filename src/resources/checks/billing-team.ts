// The checks of `client.billingTeam`, loaded on its first call (core/lazy-module.ts).
export { IdInputSchema } from '../../schemas/common.js';
export {
  BillingTeamPatchSchema,
  BillingTeamReplaceSchema,
  BillingTeamSchema,
} from '../../schemas/billing-team.js';
