import type { Payment, Plan } from '../../schemas/payments.js';
import type { Bag, Checking } from '../../schemas/checking.js';
import type { Consumable } from '../../schemas/consumables.js';
import type { Subscription } from '../../schemas/subscriptions.js';

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
  /** When the record was last written (ISO 8601). */
  updatedAt: string;
}

/**
 * Where `purchase({ key, journal })` records each purchase, so that a re-run with the same key
 * (after a crash, in another process) never pays again. A small async key-value store; `claim`,
 * when a journal has it, stores a record only if the key has none, atomically, so that two runs
 * with the same key cannot both pay (every journal seatpay ships has it).
 *
 * @example
 * ```ts
 * const records = new Map<string, PurchaseRecord>();
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
  get(key: string): Promise<PurchaseRecord | undefined>;
  /**
   * Stores the record of `key`, replacing any.
   *
   * @example
   * ```ts
   * await journal.set('order-7', { ...record, stage: 'done' });
   * ```
   */
  set(key: string, record: PurchaseRecord): Promise<void>;
  /**
   * Stores `record` only if `key` has none, atomically; resolves to whether it did.
   *
   * @example
   * ```ts
   * if (!(await journal.claim?.('order-7', record))) console.log('another run has this order');
   * ```
   */
  claim?(key: string, record: PurchaseRecord): Promise<boolean>;
}

/**
 * A journal in memory: it survives nothing but lasts as long as the process, which is what a
 * `key` without a `journal` uses (one per client). Records are copied in and out.
 *
 * @example
 * ```ts
 * import { memoryJournal } from 'seatpay';
 *
 * const journal = memoryJournal();
 * await client.purchase({ plan: 'personal', card, chosen_period: 'MONTH', key: 'order-7', journal });
 * ```
 * @category Helpers
 */
export function memoryJournal(): PurchaseJournal {
  const records = new Map<string, string>();
  return {
    get: async (key) => parseRecord(records.get(key)),
    set: async (key, record) => void records.set(key, JSON.stringify(record)),
    claim: async (key, record) => {
      if (records.has(key)) return false;
      records.set(key, JSON.stringify(record));
      return true;
    },
  };
}

/** A stored record, or undefined for nothing or something that is not one. */
export function parseRecord(text: string | null | undefined): PurchaseRecord | undefined {
  if (text === undefined || text === null) return undefined;
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || !('stage' in value)) return undefined;
  return value as PurchaseRecord;
}
