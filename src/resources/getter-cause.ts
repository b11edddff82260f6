import { redactCause } from '../core/secrets/foreign-cause.js';
import { cardNumbersIn } from '../card-numbers/card-numbers.js';

/** A CVC where a label names it (`cvc 123`, `CVV: 1234`): its digits. */
const LABELLED_CVC = /\b(?:cvc|cvv2?|csc|cid)\W{0,3}(\d{3,4})(?!\d)/gi;

/**
 * `error` (a money call's refusal of arguments that could not be read) with the card numbers and
 * labelled CVCs its cause quotes hidden: what a getter of the order threw (a config not loaded
 * yet, naming the card it sits next to) is the cause, and a checkout or `pay.bag` never saw a card
 * to hide (purchase hides its own, review19a). The command hides card-shaped numbers so too.
 */
export function cardsHiddenInCause<E extends Error>(error: E): E {
  const found = textsOf(error.cause, 0).flatMap((text) => [
    ...cardNumbersIn(text),
    ...Array.from(text.matchAll(LABELLED_CVC), (match) => match[1]!),
  ]);
  if (found.length === 0) return error;
  error.cause = redactCause(error.cause, found);
  return error;
}

/** Every string `value` shows (its texts, fields and cause), 5 deep; none where it cannot be read. */
function textsOf(value: unknown, depth: number): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || depth > 5) return [];
  try {
    const names = new Set([...Object.keys(value), 'name', 'message', 'stack', 'cause']);
    const fields = value as Record<string, unknown>;
    return [...names].flatMap((name) => textsOf(fields[name], depth + 1));
  } catch {
    return [];
  }
}
