import type { Settlement } from './settlement.js';
import type { JournalListOptions } from './list-options.js';
import type { HeldClaim } from './held-claim.js';
import type { Payment, Plan } from '../schemas/payments.js';
import type { Bag, Checking } from '../schemas/checking.js';
import type { CheckoutResult, Consumable } from '../schemas/consumables.js';
import type { Subscription } from '../schemas/subscriptions.js';

/**
 * What `purchase({ key })` records about one purchase, as JSON. `stage` says how far it got:
 * `'paying'` (written just before the pay request leaves: it may have reached the service),
 * `'refused'` (the service refused the payment: nothing was charged), `'paid'` (the service
 * answered it with success), `'subscribed'` (the new subscription was found), `'done'` (the
 * purchase resolved; every field is set). The card is never recorded.
 *
 * @example
 * ```ts
 * const record: PurchaseRecord | undefined = await journal.get('order-1042');
 * if (record?.stage === 'done') console.log('subscription', record.subscription?.id);
 * ```
 * @category Helpers
 */
export interface PurchaseRecord {
  /** What was recorded: a purchase (records written before `kind` existed have none). */
  kind?: 'purchase';
  /** How far the purchase got. */
  stage: 'paying' | 'refused' | 'paid' | 'subscribed' | 'done';
  /** Whether the money moved, as far as known when the record was written. */
  charged: 'no' | 'unknown' | 'yes';
  /** The plan, as read. */
  plan: Plan;
  /** The priced preview. */
  preview: Checking;
  /** The bag that was paid: the new subscription's invoice names it. */
  bag: Bag;
  /** The subscription ids that existed before paying. */
  exclude: number[];
  /** The service's answer to paying, once known. */
  payment?: Payment | undefined;
  /** The new subscription, once found. */
  subscription?: Subscription | undefined;
  /** The consumables listed at the end, once done. */
  consumables?: Consumable[] | undefined;
  /** The request's parameters (plan, team_seats, chosen_period ...): a key reused with others is refused. */
  params?: Record<string, unknown>;
  /**
   * Kept only when a secret was hidden in `params`: a MAC of each field hidden under the token's
   * secret, that tells this request from another hidden alike (never the secret).
   */
  paramsDigest?: string;
  /**
   * Who made the call: a salted PBKDF2 digest of its `identity`, else of its token (never the
   * token). Another identity's call with the key is refused; records written before owners were
   * kept have none and are honoured for the key.
   */
  owner?: string;
  /** When the record was last written (ISO 8601). */
  updatedAt: string;
  /** The decision that settled an unknown outcome (`client.journal.reconcile` or `settle`). */
  settled?: Settlement | undefined;
  /** Until when (ISO 8601) the live run that claimed the key holds it (renewed while it runs). */
  leaseUntil?: string | undefined;
  /**
   * Which process holds the lease: a random id per process, nothing of a token. That process
   * settles a claim it left behind at once; any other waits for the lease.
   */
  holder?: string | undefined;
}

/**
 * What `consumables.checkout({ key })` records, as JSON: `'sending'` (written before the request
 * leaves: it may have reached the service), `'refused'` (the service refused it: nothing was
 * charged), `'done'` (the service answered; `result` is its answer).
 *
 * @example
 * ```ts
 * const record = await journal.get('topup-77');
 * if (record?.kind === 'checkout' && record.stage === 'done') console.log(record.result.id);
 * ```
 * @category Helpers
 */
export interface CheckoutRecord {
  /** What was recorded: a consumable checkout. */
  kind: 'checkout';
  /** How far the checkout got. */
  stage: 'sending' | 'refused' | 'done';
  /** Whether the money moved, as far as known when the record was written. */
  charged: 'no' | 'unknown' | 'yes';
  /** The whole input of the checkout (service, how_many, subscription ...), without key and journal. */
  params: Record<string, unknown>;
  /** The service's answer, once it came. */
  result?: CheckoutResult | undefined;
  /**
   * Kept only when a secret was hidden in `params`: a MAC of each field hidden under the token's
   * secret, that tells this request from another hidden alike (never the secret).
   */
  paramsDigest?: string;
  /**
   * Who made the call: a salted PBKDF2 digest of its `identity`, else of its token (never the
   * token). Another identity's call with the key is refused; records written before owners were
   * kept have none and are honoured for the key.
   */
  owner?: string;
  /** When the record was last written (ISO 8601). */
  updatedAt: string;
  /** The decision that settled an unknown outcome (`client.journal.reconcile` or `settle`). */
  settled?: Settlement | undefined;
  /** Until when (ISO 8601) the live run that claimed the key holds it (renewed while it runs). */
  leaseUntil?: string | undefined;
  /**
   * Which process holds the lease: a random id per process, nothing of a token. That process
   * settles a claim it left behind at once; any other waits for the lease.
   */
  holder?: string | undefined;
}

/**
 * Any record a journal holds: a purchase's or a consumable checkout's (told apart by `kind`).
 *
 * @example
 * ```ts
 * const records = new Map<string, JournalRecord>();
 * ```
 * @category Helpers
 */
export type JournalRecord = PurchaseRecord | CheckoutRecord;

/**
 * The last argument of a journal's methods: `signal` fires when the call that asked gave up (a
 * journal that waits, for a lock say, should stop waiting then).
 *
 * @example
 * ```ts
 * const options: JournalOptions = { signal: AbortSignal.timeout(5_000) };
 * ```
 * @category Helpers
 */
export interface JournalOptions {
  /** Fires when the call gave up; the journal may stop what it is doing. */
  signal?: AbortSignal | undefined;
}

/**
 * Where `purchase({ key, journal })` and `consumables.checkout({ key, journal })` record each
 * money call, so that a re-run with the same key (after a crash, in another process) never pays
 * again. A small async key-value store; `claim`, when a journal has it, stores a record only if
 * the key has none, atomically, so that two runs with the same key cannot both pay (every journal
 * seatpay ships has it). Each method gets `{ signal }` last: seatpay stops waiting for it when the
 * call's signal fires, whether or not the journal honours it.
 *
 * @example
 * ```ts
 * const records = new Map<string, JournalRecord>();
 * const journal: PurchaseJournal = {
 *   get: async (key) => records.get(key),
 *   set: async (key, record) => void records.set(key, record),
 * };
 * await client.purchase({ plan: 'personal', card, chosen_period: 'MONTH', key: 'order-7', journal });
 * ```
 * @category Helpers
 */
export interface PurchaseJournal {
  /**
   * The record of `key`, or undefined.
   *
   * @example
   * ```ts
   * const record = await journal.get('order-7');
   * console.log(record?.stage); // 'paying', 'paid', 'subscribed', 'done' ...
   * ```
   */
  get(key: string, options?: JournalOptions): Promise<JournalRecord | undefined>;
  /**
   * Stores the record of `key`, replacing any.
   *
   * @example
   * ```ts
   * await journal.set('order-7', { ...record, stage: 'done' });
   * ```
   */
  set(key: string, record: JournalRecord, options?: JournalOptions): Promise<void>;
  /**
   * Stores `record` only if `key` has none, or only the record of a refused call (nothing was
   * charged: the key is free again), atomically; resolves to whether it did.
   *
   * @example
   * ```ts
   * if (!(await journal.claim?.('order-7', record))) console.log('another run has this order');
   * ```
   */
  claim?(key: string, record: JournalRecord, options?: JournalOptions): Promise<boolean>;
  /**
   * Stores `record` only while the key's record is still the live claim `held` names (no outcome:
   * not done, refused nor settled; its `holder`; its `leaseUntil` one of `held.leases`),
   * atomically; resolves to whether it did. A run holding a key writes all but a charge with it
   * (its lease's renewals, its refusal, its release): a write that lands late (a heartbeat the store
   * ran after its caller gave up on it) never overwrites an outcome or another run's claim. Without
   * it, the run reads the key before writing (two steps: docs/journals.md).
   *
   * @example
   * ```ts
   * const renewed = await journal.setIfHeld?.('order-7', record, { holder, leases: [leaseUntil] });
   * ```
   */
  setIfHeld?(
    key: string,
    record: JournalRecord,
    held: HeldClaim,
    options?: JournalOptions,
  ): Promise<boolean>;
  /**
   * A page of records in ascending key order, after the key `after` (`client.journal.list`).
   *
   * @example
   * ```ts
   * const page = await journal.list?.({ after: 'order-7', limit: 100 });
   * ```
   */
  list?(options?: JournalListOptions): Promise<JournalListEntry[]>;
  /**
   * Removes the record of `key`.
   *
   * @example
   * ```ts
   * await journal.delete?.('order-7');
   * ```
   */
  delete?(key: string, options?: JournalOptions): Promise<void>;
  /**
   * Removes the settled records last written before `olderThan`; never one whose outcome is not
   * settled (refused, done, or settled by reconcile or an operator). Resolves to how many it removed.
   *
   * @example
   * ```ts
   * const removed = await journal.prune?.(new Date(Date.now() - 365 * 86_400_000));
   * ```
   */
  prune?(olderThan: Date, options?: JournalOptions): Promise<number>;
  /**
   * How long (ms, default 30,000) a claimed key stays in progress after its run's last heartbeat:
   * a dead run's key is unknown, and settleable, this long after (docs/journals.md).
   *
   * @example
   * ```ts
   * const journal: PurchaseJournal = { ...myJournal, lease: 10_000 };
   * ```
   */
  lease?: number;
  /**
   * The clock leases are written and judged on (ms since 1970, as `Date.now()`): the time every
   * user of the journal agrees on. Without it (one machine, one clock: `memoryJournal`,
   * `localStorageJournal`, `fileJournal`, most journals of your own) it is `Date.now()`. A journal
   * that machines share gives the shared store's clock: `postgresJournal` gives the database's, so
   * that a lease means the same on every machine whatever their clocks say. A valid `Date` returned
   * is read as its time; a promise, a string or a bigint is a `JournalError`, and so is a throw, `NaN`
   * or an invalid `Date` before its first time (docs/journals.md).
   *
   * @example
   * ```ts
   * const journal: PurchaseJournal = { ...myJournal, now: () => Date.now() + measuredOffsetMs };
   * const dated: PurchaseJournal = { ...myJournal, now: () => new Date() };
   * ```
   */
  now?(): number | Date;
}

/**
 * One record as a journal's `list` gives it, with its key.
 *
 * @example
 * ```ts
 * const entries: JournalListEntry[] = (await journal.list?.({ limit: 10 })) ?? [];
 * ```
 * @category Helpers
 */
export interface JournalListEntry {
  /** The key. */
  key: string;
  /** Its record. */
  record: JournalRecord;
}
