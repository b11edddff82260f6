import type { Settlement } from './settlement.js';
import { SeatpayError } from '../core/errors/seatpay-error.js';
import { InvalidRequestError } from '../core/errors/validation-errors.js';

/**
 * A journal (`purchase({ key, journal })`, `consumables.checkout({ key, journal })`) could not be
 * read, written or locked, or holds something other than its own records. Its records are what
 * stops a second charge, so it is never started afresh: the call fails instead, before the money
 * call leaves when the journal fails first. `path` names the file of a `fileJournal`.
 *
 * @example
 * ```ts
 * import { JournalError, PurchaseError } from 'seatpay';
 *
 * try {
 *   await client.purchase({ plan: 'personal', card, chosen_period: 'MONTH', key, journal });
 * } catch (error) {
 *   if (error instanceof PurchaseError && error.cause instanceof JournalError) {
 *     console.error('fix the journal first:', error.cause.path, error.cause.message);
 *   }
 * }
 * ```
 * @category Errors
 */
export class JournalError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'JournalError';
  /** The journal's file (or lock file), when it has one. */
  readonly path: string | undefined;

  constructor(message: string, details: { path?: string; cause?: unknown } = {}) {
    super(message, 'cause' in details ? { cause: details.cause } : undefined);
    this.path = details.path;
  }
}

/**
 * A `key` already recorded for another request: the same key with another plan, seat count,
 * period, service, quantity or subscription (as Stripe refuses a reused idempotency key). Nothing
 * was sent. `differences` names each field that differs; use a new key for a new request.
 *
 * @example
 * ```ts
 * import { KeyReuseError } from 'seatpay';
 *
 * try {
 *   await client.consumables.checkout({ service: 'ai-credits', how_many: 20, subscription: 7, key: 'order-9' });
 * } catch (error) {
 *   if (error instanceof KeyReuseError) console.log(error.key, error.differences); // 'order-9', ['how_many']
 * }
 * ```
 * @category Errors
 */
export class KeyReuseError extends InvalidRequestError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'KeyReuseError';
  /** The key that was reused. */
  readonly key: string;
  /** The fields whose values differ from the recorded request's. */
  readonly differences: string[];

  /** `hidden`: a differing field's record hides a secret there, maybe this very value (keys.md). */
  constructor(key: string, differences: string[], hidden = false) {
    super(
      hidden
        ? `The key "${key}" was used for another request, or for this one with a secret hidden in ${differences.join(', ')} that this client cannot check (hidden under another token: another client's, or a token provider's earlier one): see whether it was charged (journal.get, or journal.reconcile) before you use a new key`
        : `The key "${key}" was already used for another request (different ${differences.join(', ')}); use a new key`,
      { field: differences[0] ?? 'key' },
    );
    this.key = key;
    this.differences = differences;
  }
}

/**
 * A `key` recorded by another identity: another token (another user), or another `identity`
 * given with the key. A key belongs to who used it first, as Stripe scopes an idempotency key to
 * its account: the other's record is never replayed to you, and nothing was sent. Use a key of
 * your own (prefix your keys with your user id), or, when your tokens rotate, pass the same
 * `identity` with every keyed call of one user.
 *
 * @example
 * ```ts
 * import { KeyOwnerError } from 'seatpay';
 *
 * try {
 *   await client.consumables.checkout({ service: 'ai-credits', how_many: 5, subscription: 7, key: 'order-9' });
 * } catch (error) {
 *   if (error instanceof KeyOwnerError) console.log('order-9 is someone else\'s key');
 * }
 * ```
 * @category Errors
 */
export class KeyOwnerError extends KeyReuseError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'KeyOwnerError';

  constructor(key: string) {
    super(key, ['identity']);
    this.message = `The key "${key}" belongs to another identity (another token or \`identity\` recorded it); nothing was sent: use a key of your own`;
  }
}

/**
 * A keyed money call whose earlier run with the same key was sent and never settled (its answer
 * was lost, or its process died): it may have been charged, so it is never sent again. Settle it:
 * `client.journal.reconcile(key)` asks the service, and where it cannot tell,
 * `client.journal.settle(key, { charged, reason })` records an operator's decision.
 *
 * @example
 * ```ts
 * import { UnsettledKeyError } from 'seatpay';
 *
 * try {
 *   await client.consumables.checkout({ service: 'ai-credits', how_many: 10, subscription: 7, key: 'topup-3' });
 * } catch (error) {
 *   if (error instanceof UnsettledKeyError) console.log('maybe charged already under', error.key);
 * }
 * ```
 * @category Errors
 */
export class UnsettledKeyError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'UnsettledKeyError';
  /** The key whose earlier call may have been charged. */
  readonly key: string;
  /** Always true: the earlier call may have reached the service. */
  readonly mayHaveBeenProcessed = true;

  constructor(key: string, options?: { cause?: unknown; message?: string }) {
    super(
      options?.message ??
        `An earlier call with the key "${key}" was sent and its outcome is unknown (it may have been charged); it is not sent again. ${howToSettle(key)}`,
      options && 'cause' in options ? { cause: options.cause } : undefined,
    );
    this.key = key;
  }
}

/**
 * A keyed money call whose key another run is still working on (another process, machine or
 * tab claimed it and is alive): this call waited for that run's outcome and its wait ran out
 * first (its `timeout`, `totalTimeout`). Nothing was sent by this call; the other run may charge,
 * so `mayHaveBeenProcessed` is true. It is not an unknown outcome: do not settle it, run the call
 * again later with the same key and it resolves with the other run's answer (or waits again).
 *
 * @example
 * ```ts
 * import { KeyInProgressError } from 'seatpay';
 *
 * try {
 *   await client.consumables.checkout({ service: 'ai-credits', how_many: 10, subscription: 7, key: 'topup-3', journal });
 * } catch (error) {
 *   if (error instanceof KeyInProgressError) console.log('another worker is on', error.key, '- retry later');
 * }
 * ```
 * @category Errors
 */
export class KeyInProgressError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'KeyInProgressError';
  /** A stable code for logs and scripts. */
  readonly code = 'key-in-progress';
  /** The key another run holds. */
  readonly key: string;
  /** Always true: the other run may charge (once). */
  readonly mayHaveBeenProcessed = true;

  /**
   * @param options.message - In place of the call's message: what a decision (`settle`,
   *   `reconcile`) that met the live run says instead.
   */
  constructor(key: string, options?: { cause?: unknown; message?: string | undefined }) {
    super(
      options?.message ??
        `Another run with the key "${key}" is still in progress elsewhere (another process, machine or tab); nothing was sent by this call. It is safe to retry later with the same key: it then resolves with that run's outcome`,
      options && 'cause' in options ? { cause: options.cause } : undefined,
    );
    this.key = key;
  }
}

/**
 * How to settle a key whose outcome is unknown, for error messages: the SDK's calls and the
 * command's.
 */
export function howToSettle(key: string): string {
  const quoted = JSON.stringify(key);
  return (
    `Settle it: client.journal.reconcile(${quoted}) asks the service; where it cannot tell, ` +
    `client.journal.settle(${quoted}, { charged: 'yes' | 'no', reason }) records your decision ` +
    `(command: seatpay journal reconcile ${shellQuoted(key)} --journal <j>)`
  );
}

/** `text` as a shell word: as it is when it needs no quotes. */
export function shellQuoted(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * A keyed money call whose key an operator settled as charged (`client.journal.settle(key, {
 * charged: 'yes' })`) before its run finished: it is never sent again, and there is no answer to
 * replay. `settlement` says when and why.
 *
 * @example
 * ```ts
 * import { SettledKeyError } from 'seatpay';
 *
 * try {
 *   await client.consumables.checkout({ service: 'ai-credits', how_many: 10, subscription: 7, key: 'topup-3' });
 * } catch (error) {
 *   if (error instanceof SettledKeyError) console.log('charged, as settled:', error.settlement.reason);
 * }
 * ```
 * @category Errors
 */
export class SettledKeyError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'SettledKeyError';
  /** The key. */
  readonly key: string;
  /** The operator's decision: charged, when and why. */
  readonly settlement: Settlement;
  /** Always true: the earlier call was settled as charged. */
  readonly mayHaveBeenProcessed = true;

  constructor(key: string, settlement: SettledKeyError['settlement']) {
    super(
      `The key "${key}" was settled as charged (by ${settlement.by} at ${settlement.at}: ${settlement.reason}); it is never sent again`,
    );
    this.key = key;
    this.settlement = settlement;
  }
}

/**
 * `client.journal.settle` or `reconcile` refused: the key has no record, its outcome is already
 * known (charged or refused), or it was settled already. Nothing was written.
 *
 * @example
 * ```ts
 * import { SettleRefusedError } from 'seatpay';
 *
 * try {
 *   await client.journal.settle('order-7', { charged: 'no', reason: 'card statement shows nothing' });
 * } catch (error) {
 *   if (error instanceof SettleRefusedError) console.log(error.key, error.message);
 * }
 * ```
 * @category Errors
 */
export class SettleRefusedError extends InvalidRequestError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'SettleRefusedError';
  /** The key that cannot be settled. */
  readonly key: string;

  constructor(key: string, message: string) {
    super(message, { field: 'key' });
    this.key = key;
  }
}
