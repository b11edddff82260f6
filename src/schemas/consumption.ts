import * as z from 'zod/mini';

/**
 * Validates the answer to `consumables.consume`: the consumption session the server opened, as
 * the deployed server answers it (201 `{ id, status: 'ok' }`).
 *
 * @example
 * ```ts
 * import { ConsumptionSessionSchema } from 'seatpay';
 *
 * const session = ConsumptionSessionSchema.parse({ id: 41, status: 'ok' });
 * ```
 * @category Schemas and types
 */
export const ConsumptionSessionSchema = z.looseObject({
  /** The consumption session's id. */
  id: z.int(),
  /** `'ok'` when the unit was taken (the deployed server charges it a moment later). */
  status: z.string(),
});
/**
 * The answer to `consumables.consume`; inferred from {@link ConsumptionSessionSchema}.
 *
 * @example
 * ```ts
 * const session: ConsumptionSession = await member.consumables.consume('ai-credits');
 * console.log('session', session.id, session.status);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type ConsumptionSession = {
  [K in keyof z.infer<typeof ConsumptionSessionSchema>]: z.infer<
    typeof ConsumptionSessionSchema
  >[K];
};
