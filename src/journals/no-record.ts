import { SettleRefusedError } from './journal-errors.js';

/**
 * `client.journal.settle` or `reconcile` of a key the journal does not hold: a mistyped key, or
 * another journal than the one its run wrote (another file, `--journal`), said how to check.
 */
export function noRecordError(key: string): SettleRefusedError {
  return new SettleRefusedError(
    key,
    `The journal has no record of the key "${key}": check the key, and that this is the journal its run used (client.journal.list() lists the keys it holds; command: seatpay journal list --journal <j>)`,
  );
}
