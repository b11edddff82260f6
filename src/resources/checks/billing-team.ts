// The checks of `client.billingTeam` (zod schemas), imported with the family's resource.
export { IdInputSchema } from '../../schemas/common.js';
export {
  BillingTeamPatchSchema,
  BillingTeamReplaceSchema,
  BillingTeamSchema,
} from '../../schemas/billing-team.js';
