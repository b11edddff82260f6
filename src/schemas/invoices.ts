import * as z from 'zod/mini';
import { DecimalSchema, openEnum, optionalNullable } from './common.js';

/**
 * Validates a currency as the service nests it in plans, bags, invoices and subscriptions:
 * `{ code: 'USD', name: 'US Dollar' }`.
 *
 * @example
 * ```ts
 * import { CurrencySchema } from 'seatpay';
 *
 * CurrencySchema.parse({ code: 'USD', name: 'US Dollar' }).code; // 'USD'
 * ```
 * @category Schemas and types
 */
export const CurrencySchema = z.looseObject({
  /** The ISO 4217 code (`'USD'`). */
  code: z.string(),
  /** Its name, as the service words it (`'US Dollar'`). */
  name: z.optional(z.string()),
});
/**
 * A currency; inferred from {@link CurrencySchema}.
 *
 * @example
 * ```ts
 * const currency: Currency | null | undefined = (await client.plans.get('team-per-seat')).currency;
 * console.log(currency?.code ?? 'no currency');
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Currency = {
  [K in keyof z.infer<typeof CurrencySchema>]: z.infer<typeof CurrencySchema>[K];
};

/**
 * Validates an invoice's state: `FULFILLED` once charged, or `REJECTED`, `PENDING`,
 * `PARTIALLY_REFUNDED`, `REFUNDED`, `DISPUTED_AS_FRAUD` (live-api.md §1.4). Open: any other
 * string passes.
 *
 * @example
 * ```ts
 * import { InvoiceStatusSchema } from 'seatpay';
 *
 * InvoiceStatusSchema.parse('FULFILLED');
 * ```
 * @category Schemas and types
 */
export const InvoiceStatusSchema = openEnum<
  'FULFILLED' | 'REJECTED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'DISPUTED_AS_FRAUD'
>();
/**
 * An invoice's state: one of the known values (autocompleted), or a value seatpay does not know
 * yet, typed as `string`.
 *
 * @example
 * ```ts
 * const status: InvoiceStatus | undefined = payment.status;
 * if (status === 'FULFILLED') console.log('charged');
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

/** The amount and currency of one line of `amount_breakdown`. */
const BreakdownLineSchema = z.looseObject({
  /** What the line cost, as a decimal string. */
  amount: optionalNullable(DecimalSchema),
  /** The currency code of the amount. */
  currency: optionalNullable(z.string()),
});

/**
 * Validates an invoice: what `pay.bag` and `consumables.checkout` answer on the deployed server
 * (live-api.md §1.4). SERVICE.md shows neither answer, so every field is optional and any other
 * passes through. Amounts are decimal strings even where the server sends numbers.
 *
 * @example
 * ```ts
 * import { InvoiceSchema } from 'seatpay';
 *
 * const invoice = InvoiceSchema.parse({ id: 7018, amount: 239.995, status: 'FULFILLED' });
 * invoice.amount; // '239.995'
 * ```
 * @category Schemas and types
 */
export const InvoiceSchema = z.looseObject({
  /** The invoice's numeric id (`subscriptions.list` can be filtered by it on the server). */
  id: z.optional(z.int()),
  /** What was charged, as a decimal string, in major units (`'239.99'`). */
  amount: optionalNullable(DecimalSchema),
  /** The currency of `amount`. */
  currency: optionalNullable(CurrencySchema),
  /** `'FULFILLED'` once charged. */
  status: z.optional(InvoiceStatusSchema),
  /** When the charge was made (an ISO 8601 time). */
  paid_at: optionalNullable(z.string()),
  /** When the invoice was made (an ISO 8601 time). */
  created_at: optionalNullable(z.string()),
  /** `'GENERAL'` for a purchase, `'MANUAL_DEPOSIT'` for a deposit. */
  invoice_kind: z.optional(openEnum<'GENERAL' | 'MANUAL_DEPOSIT'>()),
  /** Who was charged: the subscription owner, who pays for all team consumption. */
  user: optionalNullable(
    z.looseObject({
      /** The user's id. */
      id: z.optional(z.int()),
      /** The user's email address. */
      email: z.optional(z.string()),
      /** The user's first name. */
      first_name: optionalNullable(z.string()),
      /** The user's last name. */
      last_name: optionalNullable(z.string()),
    }),
  ),
  /** What each plan and each service item of the purchase cost, keyed by slug. */
  amount_breakdown: optionalNullable(
    z.looseObject({
      /** The plans bought, keyed by slug. */
      plans: z.optional(z.record(z.string(), BreakdownLineSchema)),
      /** The service items bought, keyed by service slug. */
      'service-items': z.optional(z.record(z.string(), BreakdownLineSchema)),
    }),
  ),
});
/**
 * An invoice; inferred from {@link InvoiceSchema}. {@link Payment} and {@link CheckoutResult} are
 * invoices.
 *
 * @example
 * ```ts
 * const invoice: Invoice = await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
 * console.log(invoice.id, invoice.amount, invoice.currency?.code, invoice.status);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Invoice = {
  [K in keyof z.infer<typeof InvoiceSchema>]: z.infer<typeof InvoiceSchema>[K];
};

/**
 * Validates the caller's invoices (`GET /v1/payments/me/invoice`, read by
 * `client.journal.reconcile`): a plain array, or the paginated envelope with `results`.
 *
 * @example
 * ```ts
 * import { InvoiceListSchema } from 'seatpay';
 *
 * InvoiceListSchema.parse([{ id: 7018, amount: '4.00', status: 'FULFILLED' }]);
 * ```
 * @category Schemas and types
 */
export const InvoiceListSchema = z.union([
  z.array(InvoiceSchema),
  z.looseObject({
    /** The page's invoices. */
    results: z.array(InvoiceSchema),
  }),
]);
