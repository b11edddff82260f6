/**
 * The refusal messages the simulator answers with, by key: one table, so that the texts (and any
 * translation of them) live in one place. The deployed server's own spelling is kept (`sic`).
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
} as const;

export type RefusalKey = keyof typeof REFUSAL_MESSAGES;
