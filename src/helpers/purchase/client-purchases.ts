import type { PurchaseJournal } from '../../journals/journal.js';
import { memoryJournal } from '../../journals/memory-journal.js';
import { MoneyQueue } from './money-queue.js';

/** What the purchases of one client share. */
export interface ClientPurchases {
  /** One money flow at a time, from the listing before paying to the new subscription. */
  readonly queue: MoneyQueue;
  /** Subscriptions already given to a purchase of this client: never given to another. */
  readonly claimed: Set<number>;
  /** The journal of a `key` given without one (purchases and consumable checkouts). */
  readonly journal: PurchaseJournal;
}

const byClient = new WeakMap<object, ClientPurchases>();

/**
 * The shared state of `client`'s purchases, made on first use; it goes with the client and the
 * clients made from it with `withOptions`.
 */
export function purchasesOf(client: object): ClientPurchases {
  let shared = byClient.get(client);
  if (!shared) {
    shared = { queue: new MoneyQueue(), claimed: new Set(), journal: memoryJournal() };
    byClient.set(client, shared);
  }
  return shared;
}

/** Makes `derived` (a `withOptions` client of `client`) share `client`'s purchases. */
export function sharePurchases(client: object, derived: object): void {
  byClient.set(derived, purchasesOf(client));
}
