import * as z from 'zod/mini';
import { JournalError } from './journal-errors.js';
import { PaymentSchema } from '../schemas/card-and-pay.js';
import { BagSchema, CheckingSchema } from '../schemas/checking.js';
import { CheckoutResultSchema, ConsumableSchema } from '../schemas/consumables.js';
import { PlanSchema } from '../schemas/payments.js';
import { SubscriptionSchema } from '../schemas/subscriptions.js';
import type { JournalRecord } from './journal.js';

/** What a replayed purchase hands back or waits with, field by field, as the service's answers. */
const PURCHASE_FIELDS: Record<string, z.ZodMiniType> = {
  plan: PlanSchema,
  preview: CheckingSchema,
  bag: BagSchema,
  exclude: z.array(z.int()),
  payment: z.optional(PaymentSchema),
  subscription: z.optional(SubscriptionSchema),
  consumables: z.optional(z.array(ConsumableSchema)),
};

/**
 * Checks a record that is about to be replayed as what its kind promises: a checkout's `result`
 * is a checkout's answer, a purchase's fields are the answers they were. A journal edited by hand
 * (a string, `null`, a wrong shape) fails the call with {@link JournalError}, naming the fields,
 * instead of resolving it with someone else's data. A refused record is never replayed.
 */
export function checkReplayable(record: JournalRecord, key: string): void {
  if (record.stage === 'refused') return;
  const wrong =
    record.kind === 'checkout'
      ? checkoutProblems(record)
      : Object.entries(PURCHASE_FIELDS)
          .filter(([name, schema]) => !schema.safeParse(field(record, name)).success)
          .map(([name]) => name);
  if (wrong.length === 0) return;
  throw new JournalError(
    `The journal's record of key "${key}" is not a ${record.kind ?? 'purchase'} record it can replay (wrong ${wrong.join(', ')}); fix or move it`,
  );
}

function checkoutProblems(record: JournalRecord): string[] {
  if (record.stage !== 'done') return [];
  return CheckoutResultSchema.safeParse(field(record, 'result')).success ? [] : ['result'];
}

function field(record: object, name: string): unknown {
  return Object.hasOwn(record, name) ? (record as Record<string, unknown>)[name] : undefined;
}
