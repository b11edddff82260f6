/**
 * The refusal messages the simulator answers with, by key: one table, so that the texts (and any
 * translation of them) live in one place. The deployed server's own spelling is kept (`sic`);
 * `{name}` is filled by {@link refusal}.
 */
export const REFUSAL_MESSAGES = {
  /** The deployed server's only consumption refusal, whatever the reason (sic). */
  insufficientCredits: 'Insuficient credits',
  /** SERVICE.md's simulator: the member has no unit left and no recharge can help. */
  notEnoughConsumables: 'Not enough consumables',
  /** SERVICE.md's named failure: the team reached its spending cap for the period. */
  billingPeriodLimit: 'Billing period limit reached',
  /** SERVICE.md's named failure: an auto-recharge would exceed the spending cap. */
  rechargeBudget: 'No budget available for recharge',
  /** The deployed server's 207 refusal of an added e-mail that already holds a seat. */
  seatTaken: 'User already has a seat for this team',
  /** A seat that is not there (the deployed server's 207 refusal of an unknown `from_email`, and 404). */
  seatNotFound: 'Seat not found',
  /** A card the bank refuses. */
  cardDeclined: 'Card declined',
  /** The deployed server's media refusals, in its own words. */
  chunkExists: 'Chunk already exists',
  fileExists: 'File already exists',
  chunkIndexOutOfRange: 'Chunk index out of range',
  totalChunksNotPositive: 'total_chunks must be a positive integer',
  metaNotDictionary: 'meta must be a dictionary',
  /** The deployed server's checking refusals. */
  checkingType: "Invalid type. Allowed values are 'BAG' or 'PREVIEW'",
  onePlan: 'You can only select one plan',
  bagNotFound: 'Bag not found, maybe you need to renew the checking',
  serviceRequired: 'Service is required',
  serviceNotFound: 'Service not found',
  /** The deployed server's 401 `error` of a token that is not (or no longer) valid. */
  invalidToken: 'Invalid or Inactive Token',
  tokenExpired: 'Token expired at {time}',
  /** The deployed server's media refusals that name what was refused. */
  operationTypeElsewhere: "You aren't authorized to upload any {operationType} operation type",
  missingCapability:
    "You (user: {user}) don't have this capability: {capability} for academy {academy}",
  missingMetaKey: 'Missing required meta key: {key}',
  unsupportedMime: 'Unsupported mime type {mime}, choose some of {choices}',
} as const;

export type RefusalKey = keyof typeof REFUSAL_MESSAGES;

/** A refusal's text, its `{name}` placeholders filled from `values`. */
export function refusal(
  key: RefusalKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return REFUSAL_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
