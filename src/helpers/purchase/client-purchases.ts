import type { PurchaseJournal } from '../../journals/journal.js';
import { MoneyQueue } from './money-queue.js';

/**
 * Where the journal of a `key` given without one is kept: made on first use by the part that
 * records the key (journals/default-journal.ts, in a chunk loaded on first use), so that a page
 * that never uses a key does not ship the in-memory journal.
 */
export interface JournalHolder {
  journal?: PurchaseJournal;
}

/** What the purchases of one client share. */
export interface ClientPurchases extends JournalHolder {
  /** One money flow at a time, from the listing before paying to the new subscription. */
  readonly queue: MoneyQueue;
  /** Subscriptions already given to a purchase of this client: never given to another. */
  readonly claimed: Set<number>;
}

const byClient = new WeakMap<object, ClientPurchases>();

/**
 * The shared state of `client`'s purchases, made on first use; it goes with the client and the
 * clients made from it with `withOptions`.
 */
export function purchasesOf(client: object): ClientPurchases {
  let shared = byClient.get(client);
  if (!shared) {
    shared = { queue: new MoneyQueue(), claimed: new Set() };
    byClient.set(client, shared);
  }
  return shared;
}

/** Makes `derived` (a `withOptions` client of `client`) share `client`'s purchases. */
export function sharePurchases(client: object, derived: object): void {
  byClient.set(derived, purchasesOf(client));
}

/** The holder of a resource's default journal, by resource: the client's consumables share its. */
const holderByResource = new WeakMap<object, () => JournalHolder>();

/** Makes `resource`'s keyed calls without a journal use `client`'s (read when a key is used). */
export function shareJournal(resource: object, client: object): void {
  holderByResource.set(resource, () => purchasesOf(client));
}

/** The holder `resource` shares (see {@link shareJournal}), if any. */
export function sharedJournalOf(resource: object): JournalHolder | undefined {
  return holderByResource.get(resource)?.();
}
