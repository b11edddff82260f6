import { refusal, type MoneyRefusal } from './misplaced-key.js';

/**
 * The names a money call's request options take, nested in its order, in other SDKs and in
 * wrappers (`checkout({ ...order, options })`): the service reads none of them. Sent in the body,
 * a `key` there paid with no key (a re-run paid again), a `signal` there (sent as `{}`) stopped
 * nothing. An object under one of them is refused, as a request option named in the order is.
 */
const NESTED = ['options', 'requestOptions', 'request_options'];

export function nestedOptionsRefusal(order: unknown, call: string): MoneyRefusal | undefined {
  if (typeof order !== 'object' || order === null) return undefined;
  const fields = order as Record<string, unknown>;
  const name = NESTED.find((n) => typeof fields[n] === 'object' && fields[n] !== null);
  return name === undefined ? undefined : refusal(name, 'requestOption', call);
}
