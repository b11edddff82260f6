// The argument types users write. A loose request schema (`z.looseObject`) passes fields it does
// not know through to the body at run time, but its input type then carries an index signature
// (`[k: string]: unknown`), which turns off TypeScript's excess-property check: `first_nam: 'A'`
// compiled and was sent. These types keep the schema's named fields only.
import type * as z from 'zod/mini';

/**
 * `T` without its index signatures: only the fields it names, with their modifiers. (The
 * conditional makes editors and compile errors show the plain object, not this alias.)
 */
type NamedFields<T> = T extends unknown
  ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] }
  : never;

/**
 * The exact input type of a request schema: its named fields, so a misspelled field is a compile
 * error. Internal: the exported argument types (`SeatInput`, `CardParams` ...) are built with it.
 */
export type ExactInput<Schema extends z.ZodMiniType> = NamedFields<z.input<Schema>>;

/**
 * A money amount as a caller writes it: a decimal string such as `'10.00'`. A JS number is not
 * one (`0.1 + 0.2` is 0.30000000000000004): compute in cents and format, or write the string.
 * The amount is checked again when sent (digits, an optional point and decimals).
 *
 * @example
 * ```ts
 * const amount: DecimalString = '10.00';
 * await client.billingTeam.update(sub.id, { recharge_amount: amount });
 * const cents = 1999;
 * const fromCents = (cents / 100).toFixed(2) as DecimalString; // '19.99'
 * ```
 * @category Schemas and types
 */
export type DecimalString = `${number}`;
