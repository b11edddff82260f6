import * as z from 'zod/mini';
import { IdInputSchema, NonEmptyStringSchema, openEnum } from './common.js';
import type { ExactInput } from './exact-input.js';
import { JsonSafe } from './input-checks.js';
import { InvoiceSchema } from './invoices.js';

const EXPIRY_MONTH = 'must be a month from 1 to 12';
const EXPIRY_YEAR = 'must be a year of 4 digits';

/**
 * Validates the card to register before it is sent: `card_number` of 12 to 19 digits, `cvc` of 3
 * or 4, and the expiry (`exp_month` 1 to 12, `exp_year` of 4 digits; strings or numbers, sent as
 * given), and `academy` (an id or a slug), which the deployed server requires. At run time,
 * fields it does not name are sent as given; the {@link CardParams} type names them all. Neither
 * number ever appears in an error or a log.
 *
 * @example
 * ```ts
 * import { CardParamsSchema } from 'seatpay';
 *
 * CardParamsSchema.safeParse({ card_number: '4242 4242', cvc: '123' }).success; // false: a space
 * ```
 * @category Schemas and types
 */
export const CardParamsSchema = /* @__PURE__ */ z
  .looseObject({
    /** The card number, digits only (12 to 19). Redacted from every error and log line. */
    card_number: /* @__PURE__ */ z
      .string({ error: 'must be a string of 12 to 19 digits' })
      .check(z.regex(/^\d{12,19}$/, { error: 'must be 12 to 19 digits' })),
    /** The card's security code, 3 or 4 digits. Redacted from every error and log line. */
    cvc: /* @__PURE__ */ z
      .string({ error: 'must be a string of 3 or 4 digits' })
      .check(z.regex(/^\d{3,4}$/, { error: 'must be 3 or 4 digits' })),
    /** The expiry month, 1 to 12 (`'12'` or `12`). */
    exp_month: z.optional(
      z.union(
        [
          /* @__PURE__ */ z.string().check(z.regex(/^(0?[1-9]|1[0-2])$/)),
          /* @__PURE__ */ z.int().check(z.gte(1), z.lte(12)),
        ],
        { error: EXPIRY_MONTH },
      ),
    ),
    /** The expiry year, 4 digits (`'2030'` or `2030`). */
    exp_year: z.optional(
      z.union(
        [
          /* @__PURE__ */ z.string().check(z.regex(/^\d{4}$/)),
          /* @__PURE__ */ z.int().check(z.gte(1000), z.lte(9999)),
        ],
        {
          error: EXPIRY_YEAR,
        },
      ),
    ),
    /** The academy the card is registered for (an id or a slug): the deployed server requires it. */
    academy: z.optional(
      z.union([IdInputSchema, NonEmptyStringSchema], { error: 'must be an academy id or slug' }),
    ),
  })
  .check(JsonSafe);
/**
 * The card `card.register` takes (and `purchase` as `card`): the fields of
 * {@link CardParamsSchema}, exactly (a misspelled field is a compile error).
 *
 * @example
 * ```ts
 * const card: CardParams = {
 *   card_number: '4242424242424242',
 *   cvc: '123',
 *   exp_month: '12',
 *   exp_year: '2030',
 * };
 * await client.card.register(card);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type CardParams = ExactInput<typeof CardParamsSchema>;

/**
 * Validates the answer to registering a card. SERVICE.md does not show it, so every field is
 * optional and any other passes through.
 *
 * @example
 * ```ts
 * import { CardResultSchema } from 'seatpay';
 *
 * CardResultSchema.parse({ status: 'ok' });
 * ```
 * @category Schemas and types
 */
export const CardResultSchema = z.looseObject({
  /** The outcome, as the service words it. */
  status: z.optional(z.string()),
  /** A human-readable message, when the service sends one. */
  message: z.optional(z.string()),
});
/**
 * The answer to `card.register`; inferred from {@link CardResultSchema}.
 *
 * @example
 * ```ts
 * const card = { card_number: '4242424242424242', cvc: '123' };
 * const result: CardResult = await client.card.register(card);
 * console.log(result.status);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type CardResult = {
  [K in keyof z.infer<typeof CardResultSchema>]: z.infer<typeof CardResultSchema>[K];
};

/**
 * Validates a billing period to pay for: `MONTH`, `QUARTER`, `HALF` or `YEAR` (SERVICE.md shows
 * only `MONTH`), or any other non-empty string, which the service then judges.
 *
 * @example
 * ```ts
 * import { ChosenPeriodSchema } from 'seatpay';
 *
 * ChosenPeriodSchema.safeParse('').success; // false
 * ```
 * @category Schemas and types
 */
export const ChosenPeriodSchema = openEnum<'MONTH' | 'QUARTER' | 'HALF' | 'YEAR'>(
  NonEmptyStringSchema,
);
/**
 * A billing period to pay for: `'MONTH'`, `'QUARTER'`, `'HALF'`, `'YEAR'` (autocompleted), or
 * any other non-empty string, which the service then judges.
 *
 * @example
 * ```ts
 * const period: ChosenPeriod = 'YEAR';
 * await client.pay.bag({ token: bag.token, chosen_period: period });
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type ChosenPeriod = z.infer<typeof ChosenPeriodSchema>;

/**
 * Validates the arguments of `pay.bag` before anything is sent.
 *
 * @example
 * ```ts
 * import { PayParamsSchema } from 'seatpay';
 *
 * PayParamsSchema.safeParse({ token: '', chosen_period: 'MONTH' }).success; // false: no token
 * ```
 * @category Schemas and types
 */
export const PayParamsSchema = /* @__PURE__ */ z
  .looseObject({
    /** The bag's `token`, from `checking.bag`. */
    token: NonEmptyStringSchema,
    /** The billing period to pay for: `'MONTH'`, `'QUARTER'`, `'HALF'` or `'YEAR'`. */
    chosen_period: ChosenPeriodSchema,
    /**
     * The payment method to pay with: the deployed server requires it whenever the amount is
     * above 0 (400 "Payment method is required"); its ids come from `GET /v1/payments/methods`.
     */
    payment_method_id: z.optional(IdInputSchema),
  })
  .check(JsonSafe);
/**
 * The arguments of `pay.bag`: the fields of {@link PayParamsSchema}, exactly.
 *
 * @example
 * ```ts
 * const params: PayParams = { token: bag.token, chosen_period: 'YEAR' };
 * await client.pay.bag(params);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type PayParams = ExactInput<typeof PayParamsSchema>;

/**
 * Validates the answer to a payment: an invoice (see {@link InvoiceSchema}) on the deployed
 * server, or, for payment methods that finish elsewhere, the address to send the buyer to
 * (`checkout_url` or `hosted_url`). The subscription it pays for is not in it: it appears later
 * (see `subscriptions.waitFor`).
 *
 * @example
 * ```ts
 * import { PaymentSchema } from 'seatpay';
 *
 * PaymentSchema.parse({ id: 7018, amount: 239.995, status: 'FULFILLED' }).amount; // '239.995'
 * ```
 * @category Schemas and types
 */
export const PaymentSchema = z.extend(InvoiceSchema, {
  /** Where to send the buyer when the payment method is a hosted checkout (Klarna, Affirm). */
  checkout_url: z.optional(z.string()),
  /** Where to send the buyer when paying in crypto. */
  hosted_url: z.optional(z.string()),
});
/**
 * The answer to `pay.bag`, an invoice; inferred from {@link PaymentSchema}.
 *
 * @example
 * ```ts
 * const payment: Payment = await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
 * console.log(payment.amount, payment.currency?.code, payment.status);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Payment = {
  [K in keyof z.infer<typeof PaymentSchema>]: z.infer<typeof PaymentSchema>[K];
};
