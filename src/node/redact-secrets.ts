import { InvalidRequestError } from '../core/errors/validation-errors.js';
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
  checkSecretsList(secrets);
  return redact(value, secrets) as T;
}

/**
 * `secrets` as a list of strings (redactSecretsAsync's too, whose long text skipped this): from JavaScript a lone token (a string), an object
 * (`{ token, card }`) or a CVC as a number hid nothing, or threw a bare TypeError. An entry that
 * is `undefined` or `null` (an unset variable) is skipped, as an empty one is.
 */
export function checkSecretsList(secrets: unknown): void {
  const fix =
    'give a list of the strings to hide: redactSecrets(value, [token, card.card_number, card.cvc])';
  if (!Array.isArray(secrets)) {
    const given = typeof secrets === 'string' ? 'one string' : typeof secrets;
    throw new InvalidRequestError(`redactSecrets' secrets is ${given}, not a list: ${fix}`, {
      field: 'secrets',
    });
  }
  for (const secret of secrets as unknown[]) {
    if (typeof secret === 'string' || secret === undefined || secret === null) continue;
    throw new InvalidRequestError(
      `redactSecrets' secrets holds a ${typeof secret}, not a string (a CVC or card number as a number is not searched for): ${fix}, each a string`,
      { field: 'secrets' },
    );
  }
}
