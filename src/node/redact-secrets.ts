import { redact } from '../core/secrets/redact.js';

/**
 * `value` made safe to print: the given secrets hidden (`[REDACTED]`) in every string and key, in
 * every encoding a service may echo them in (plain, URL-encoded, JSON- or HTML-escaped, base64,
 * a card number grouped by spaces or dashes, pieces of a long secret), and the fields that always
 * hold secrets (`card_number`, `cvc`, `password`, `authorization` ...) masked. A string gives a
 * string. The SDK's own redaction (what its errors and logs go through), for a program that
 * prints what the service answered, as the `seatpay` command does: a service may echo the token
 * or the card in any answer.
 *
 * Synchronous, and it searches the whole value (it returns all of it): the event loop is held
 * meanwhile, about 10 ms per MB of text with a token alone, 110-140 ms per MB with a card and its
 * CVC too (5 MB: 0.55-0.7 s; BENCHMARKS.md, "Large values in logs, validation errors and the
 * command"). For a text of megabytes, `redactSecretsAsync` gives the same result, the loop let go
 * between slices of 64K characters (the `seatpay` command hides a line that long with it); for
 * another value that large, redact it in a worker thread, or only the part that is printed.
 *
 * @example
 * ```ts
 * import { redactSecrets } from 'seatpay/node';
 *
 * const invoice = await client.consumables.checkout({ service: 'ai-credits', how_many: 5 });
 * console.log(JSON.stringify(redactSecrets(invoice, [process.env.SEATPAY_TOKEN!])));
 * ```
 * @category Node
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  return redact(value, secrets) as T;
}
