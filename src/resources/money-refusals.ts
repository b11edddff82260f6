import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { KEY_FIELDS, type MoneyRefusal, type RefusalText } from './misplaced-key.js';

// The texts of the money calls' refusals (a key, journal or identity where no call reads it, a
// request option or an idempotency key in an order), in the keyed checkout's chunk, loaded to
// refuse (money-chunk.ts): the page keeps the checks that find them (misplaced-key.ts), a page
// that never misplaces a key does not ship what they say (size17; review16a measured them).

/** What to do instead, as each call's refusal says it. */
const ONCE: Record<string, string> = {
  'pay.bag': 'pay once per key with client.purchase({ key })',
  'consumables.consume':
    'each call uses a unit, leave it out (a keyed top-up is consumables.checkout({ key }))',
  checkout:
    "give the order's own reference as `key` in checkout's first argument (never bought twice)",
};

/** What a misspelt `meant` costs: a key misspelt, the order is paid with none (redteam59). */
const withoutIt = (meant?: string) =>
  KEY_FIELDS.includes(meant!)
    ? `the order is paid without its \`${meant}\``
    : `the service gets the order without \`${meant}\``;

/** Each refusal's text, after the name given, for `call`. */
const TEXTS: Record<RefusalText, (call: string, meant?: string) => string> = {
  /** A keyed call's `key`, `journal` or `identity` in its request options. */
  withTheOrder: (call: string) =>
    `goes with the order, in ${call}'s first argument: in its request options the order is paid without it`,
  /** A key given to a call that has none, or an idempotency key under another name than `key`. */
  readByNo: (call: string) => `is read by no ${call}: ${ONCE[call]}`,
  /** A request option in a money call's order: sent in its body, bounding nothing. */
  requestOption: (call: string) =>
    `is a request option, no field of the order: in ${call}'s first argument it is sent to the service in the order and bounds nothing; give it in the second argument`,
  /** A third argument (`checkout(order, {}, signal)`), after the request options. */
  third: (call: string) =>
    `in ${call}'s third argument is read by nothing: give it in the second, its request options (\`{ signal }\`)`,
  /** A keyed call's `journal` or `identity` with no `key`. */
  keyless: () => "given with no `key`: give the order's key, or leave it out",
  /** A near miss of an order's field (`subscriptoin`): it went to the service, read by nothing. */
  misspelt: (call: string, meant?: string) =>
    `is no field of ${call}'s order (did you mean \`${meant}\`?): rename it, else ${withoutIt(meant)}`,
  /** An order's field written another way (`Subscription`) beside it, with another value. */
  differs: (call: string, meant?: string) =>
    `and \`${meant}\` are the same field of ${call}'s order written two ways, with different values: ${KEY_FIELDS.includes(meant!) ? 'seatpay' : 'the service'} reads only \`${meant}\`; give it once, with the value meant`,
};

/** The InvalidRequestError `refusal` stands for: its name, what to do instead, nothing sent. */
export function moneyRefusalError(given: MoneyRefusal): InvalidRequestError {
  const { name, text, call, field, meant } = given;
  return new InvalidRequestError(`\`${name}\` ${TEXTS[text](call, meant)}. Nothing was sent`, {
    field,
  });
}
