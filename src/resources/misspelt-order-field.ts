import { nearestOption } from '../core/setup/option-names.js';
import { refusal, type MoneyRefusal } from './misplaced-key.js';

/** The fields each money call's order is checked for (its schema's), from JavaScript. */
const CHECKOUT_FIELDS = ['service', 'how_many', 'subscription', 'academy'];
const PAY_FIELDS = ['token', 'chosen_period', 'payment_method_id'];
/** Every field of a money call's order (money-call.ts reads each by name). */
export const ORDER_FIELDS = [...CHECKOUT_FIELDS, ...PAY_FIELDS];

/**
 * A field of a money call's order that is a near miss of one it reads (`subscriptoin`, `howMany`),
 * given from JavaScript: the order's other fields pass through to the service (the deployed one
 * reads more than the schema names), so a checkout paid with `subscriptoin: 7` bought units for
 * the buyer, none added to subscription 7 (redteam52). Refused before anything is sent or
 * recorded, naming the field meant; a field near none, or whose near one is given too, passes.
 */
export function misspeltOrderField(
  order: unknown,
  call: 'checkout' | 'pay.bag',
): MoneyRefusal | undefined {
  if (typeof order !== 'object' || order === null) return undefined;
  const fields = call === 'checkout' ? CHECKOUT_FIELDS : PAY_FIELDS;
  for (const [name, value] of Object.entries(order)) {
    if (value === undefined || fields.includes(name)) continue;
    const meant = nearestOption(name, fields);
    if (meant !== undefined && !(meant in order))
      return { ...refusal(name, 'misspelt', call), meant };
  }
  return undefined;
}
